package dev.webhooker.chat.discord;

import java.io.IOException;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.ApiReply;
import dev.webhooker.platform.discord.DiscordClient;

/**
 * What happens after a deferral, through the {@link DiscordClient}: the result is written into the deferred reply
 * (the interaction token authorises that, not the bot's), and a PR notification loses its buttons once they can do
 * nothing more (through the bot, which sent it).
 */
class DiscordFollowUps {

    private static final Logger LOG = LoggerFactory.getLogger(DiscordFollowUps.class);

    private final DiscordClient discord;

    DiscordFollowUps(DiscordClient discord) {
        this.discord = discord;
    }

    /** Best effort: a failure is logged (without the token, which is a credential). */
    void editOriginal(String applicationId, String interactionToken, String content) {
        try {
            ApiReply reply = discord.editInteractionReply(applicationId, interactionToken, InteractionReplies.content(content));
            if (!reply.ok()) {
                LOG.warn("Discord refused the edit of an interaction reply: HTTP {}", reply.status());
            }
        } catch (IOException e) {
            LOG.warn("Discord unreachable for the edit of an interaction reply: {}", e.getMessage());
        }
    }

    /** Removes the buttons of the message that carried them. */
    void removeButtons(String channelId, String messageId) {
        if (channelId == null || channelId.isBlank() || messageId == null || messageId.isBlank()) {
            return;
        }
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.putArray("components");
        SendOutcome outcome = discord.editMessage(channelId, messageId, body).join();
        if (!outcome.ok()) {
            LOG.info("buttons of Discord message {} not removed: {} {}", messageId, outcome.errorCode(), outcome.error());
        }
    }
}
