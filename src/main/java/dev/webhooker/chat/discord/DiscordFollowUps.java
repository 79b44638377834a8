package dev.webhooker.chat.discord;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.discord.DiscordClient;

/**
 * What happens after a deferral: the result is written into the deferred reply through the documented
 * {@code PATCH /webhooks/{application_id}/{interaction_token}/messages/@original} (no bot token; the
 * interaction token authorises it for 15 minutes), and a PR notification loses its buttons once they can do
 * nothing more (through the bot, which sent it).
 */
class DiscordFollowUps {

    private static final Logger LOG = LoggerFactory.getLogger(DiscordFollowUps.class);

    private final HttpClient http;
    private final String apiUrl;
    private final Duration timeout;
    private final DiscordClient bot;

    DiscordFollowUps(HttpClient http, String apiUrl, Duration timeout, DiscordClient bot) {
        this.http = http;
        this.apiUrl = apiUrl.trim().replaceAll("/+$", "");
        this.timeout = timeout;
        this.bot = bot;
    }

    /** Best effort: a failure is logged (without the token, which is a credential). */
    void editOriginal(String applicationId, String interactionToken, String content) {
        URI uri = URI.create(apiUrl + "/webhooks/" + applicationId + "/" + interactionToken + "/messages/@original");
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).timeout(timeout)
                    .header("Content-Type", "application/json")
                    .method("PATCH", HttpRequest.BodyPublishers.ofString(InteractionReplies.content(content).toString()))
                    .build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() / 100 != 2) {
                LOG.warn("Discord refused the edit of an interaction reply: HTTP {}", response.statusCode());
            }
        } catch (IOException e) {
            LOG.warn("Discord unreachable for the edit of an interaction reply: {}", e.getClass().getSimpleName());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Removes the buttons of the message that carried them. */
    void removeButtons(String channelId, String messageId) {
        if (channelId == null || channelId.isBlank() || messageId == null || messageId.isBlank()) {
            return;
        }
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.putArray("components");
        SendOutcome outcome = bot.editMessage(channelId, messageId, body);
        if (!outcome.ok()) {
            LOG.info("buttons of Discord message {} not removed: {} {}", messageId, outcome.errorCode(), outcome.error());
        }
    }
}
