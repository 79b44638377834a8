package dev.webhooker.platform;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Optional;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.delivery.ErrorCode;
import dev.webhooker.delivery.PlatformCall;
import dev.webhooker.delivery.PlatformCalls;
import dev.webhooker.delivery.RenderedMessage;
import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.discord.DiscordRequest;
import dev.webhooker.platform.slack.SlackRequest;
import dev.webhooker.platform.teams.TeamsComponent;
import dev.webhooker.platform.webhook.WebhookCalls;
import dev.webhooker.routing.Target;

/**
 * Picks the platform request for a rendered message: Discord create / edit on the thread or channel
 * ({@code discord:createMessage}, {@code discord:editMessage}); Telegram sendMessage / sendPhoto, or
 * editMessageText / editMessageCaption for edits ({@code telegram:<method>}), with {@code chat_id},
 * {@code message_thread_id} for topics and {@code parse_mode=HTML} (messages.md §3.2, §4.2); a signed
 * {@code webhook:post} for a webhook target ({@link WebhookCalls}); {@code slack:webhook}, or the bot's
 * {@code slack:chat.postMessage} / {@code slack:chat.update}; {@code teams:post}.
 */
public class PlatformRequests implements PlatformCalls {

    private final ObjectMapper json;

    public PlatformRequests(ObjectMapper json) {
        this.json = json;
    }

    @Override
    public PlatformCall call(Target target, RenderedMessage message, String editMessageId, String idempotencyKey) {
        if (message instanceof RenderedMessage.Discord d && target.platform() == Target.Platform.DISCORD) {
            return discordCall(target, d, editMessageId, idempotencyKey);
        }
        if (message instanceof RenderedMessage.Telegram t && target.platform() == Target.Platform.TELEGRAM) {
            return telegramCall(target, t, editMessageId);
        }
        if (message instanceof RenderedMessage.Webhook w && target.platform() == Target.Platform.WEBHOOK) {
            return WebhookCalls.call(target, w, idempotencyKey);
        }
        if (message instanceof RenderedMessage.Slack s && target.platform() == Target.Platform.SLACK) {
            return slackCall(target, s, editMessageId);
        }
        if (message instanceof RenderedMessage.Teams m && target.platform() == Target.Platform.TEAMS) {
            return endpointUrl(target).map(url -> PlatformCall.to("teams:post", new TeamsComponent.TeamsRequest(url, m.body())))
                    .orElseGet(() -> noUrl("teams"));
        }
        return PlatformCall.refused(SendOutcome.failure(ErrorCode.INTERNAL, null,
                "message rendered for the wrong platform: " + message.getClass().getSimpleName() + " to " + target.platform(), 0));
    }

    private static PlatformCall discordCall(Target target, RenderedMessage.Discord message, String editMessageId, String idempotencyKey) {
        String channel = blank(target.threadId()) ? target.channelId() : target.threadId();
        ObjectNode body = message.body().deepCopy();
        if (editMessageId != null) {
            return PlatformCall.to(DiscordRequest.EDIT_MESSAGE, new DiscordRequest(channel, editMessageId, body));
        }
        if (idempotencyKey != null) {
            // Discord drops a second create with the same enforced nonce from the same bot for a few minutes,
            // so a retry after a lost answer does not post twice
            body.put("nonce", idempotencyKey).put("enforce_nonce", true);
        }
        return PlatformCall.to(DiscordRequest.CREATE_MESSAGE, new DiscordRequest(channel, null, body));
    }

    private PlatformCall telegramCall(Target target, RenderedMessage.Telegram message, String editMessageId) {
        boolean photo = "sendPhoto".equals(message.method());
        ObjectNode body = json.createObjectNode();
        body.put("chat_id", target.chatId() == null ? "" : target.chatId());
        if (!blank(target.topicId())) {
            try {
                body.put("message_thread_id", Long.parseLong(target.topicId().trim()));
            } catch (NumberFormatException e) {
                return PlatformCall.refused(SendOutcome.failure(ErrorCode.NO_TARGET, null,
                        "Telegram topicId is not a number: " + target.topicId(), 0));
            }
        }
        if (editMessageId != null) {
            body.put("message_id", parseId(editMessageId));
        }
        body.put("parse_mode", "HTML");
        String method;
        if (photo) {
            method = editMessageId == null ? "sendPhoto" : "editMessageCaption";
            if (editMessageId == null) {
                body.put("photo", message.photoUrl());
            }
            if (!blank(message.caption())) {
                body.put("caption", message.caption());
            }
        } else {
            method = editMessageId == null ? "sendMessage" : "editMessageText";
            body.put("text", message.text());
            if (message.linkPreviewOptions() != null) {
                body.set("link_preview_options", message.linkPreviewOptions());
            } else {
                body.putObject("link_preview_options").put("is_disabled", true);
            }
        }
        return PlatformCall.to("telegram:" + method, body);
    }

    /** An incoming webhook posts a new message every time; the bot edits the tracked one (its ts) in place. */
    private static PlatformCall slackCall(Target target, RenderedMessage.Slack message, String editMessageId) {
        if (target.webhook() != null) {
            return endpointUrl(target).map(url -> PlatformCall.to("slack:webhook", SlackRequest.toWebhook(url, message.body())))
                    .orElseGet(() -> noUrl("slack"));
        }
        String thread = blank(target.threadId()) ? null : target.threadId();
        return editMessageId != null
                ? PlatformCall.to("slack:chat.update", SlackRequest.toChannel(target.channelId(), thread, editMessageId, message.body()))
                : PlatformCall.to("slack:chat.postMessage", SlackRequest.toChannel(target.channelId(), thread, null, message.body()));
    }

    private static Optional<URI> endpointUrl(Target target) {
        String url = target.webhook() == null ? null : target.webhook().url();
        try {
            return url == null ? Optional.empty() : Optional.of(new URI(url));
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }

    /** As for a webhook target: a stored URL that is not one is refused for good, not retried as an engine failure. */
    private static PlatformCall noUrl(String platform) {
        return PlatformCall.refused(SendOutcome.failure(ErrorCode.NO_TARGET, null, platform + " target URL is not a URL", 0));
    }

    private static long parseId(String id) {
        try {
            return Long.parseLong(id.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
