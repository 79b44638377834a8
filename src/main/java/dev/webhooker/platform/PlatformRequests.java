package dev.webhooker.platform;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.delivery.ErrorCode;
import dev.webhooker.delivery.PlatformCall;
import dev.webhooker.delivery.PlatformCalls;
import dev.webhooker.delivery.RenderedMessage;
import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.discord.DiscordRequest;
import dev.webhooker.platform.webhook.WebhookCalls;
import dev.webhooker.routing.Target;

/**
 * Picks the platform request for a rendered message: Discord create / edit on the thread or channel
 * ({@code discord:createMessage}, {@code discord:editMessage}); Telegram sendMessage / sendPhoto, or
 * editMessageText / editMessageCaption for edits ({@code telegram:<method>}), with {@code chat_id},
 * {@code message_thread_id} for topics and {@code parse_mode=HTML} (messages.md §3.2, §4.2); a signed
 * {@code webhook:post} for a webhook target ({@link WebhookCalls}).
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
