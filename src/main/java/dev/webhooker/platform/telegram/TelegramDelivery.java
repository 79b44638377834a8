package dev.webhooker.platform.telegram;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.delivery.ErrorCode;
import dev.webhooker.delivery.PlatformCall;
import dev.webhooker.delivery.RenderedMessage;
import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.format.NeutralMessage;
import dev.webhooker.platform.PlatformDelivery;
import dev.webhooker.platform.Platforms;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.WebhookEvent;

/**
 * A Telegram target: HTML, sent with sendMessage / sendPhoto or edited with editMessageText / editMessageCaption
 * ({@code telegram:<method>}), with {@code chat_id}, {@code message_thread_id} for a topic and
 * {@code parse_mode=HTML}; with {@code threads}, a pull request's first message opens its thread
 * ({@code telegram:openThread}: a topic in a forum supergroup, else the replies to it). The avatar card is served by
 * {@code richHeaderHost} (TELEGRAM_RICH_HEADER_HOST, else BASE_URL); with neither, messages with an avatar go out as
 * sendPhoto.
 */
public final class TelegramDelivery implements PlatformDelivery {

    private final TelegramRenderer renderer;
    private final String richHeaderHost;
    private final ObjectMapper json;

    public TelegramDelivery(TelegramRenderer renderer, String richHeaderHost, String baseUrl, ObjectMapper json) {
        this.renderer = renderer;
        this.richHeaderHost = firstNonBlank(richHeaderHost, baseUrl);
        this.json = json;
    }

    @Override
    public String platform() {
        return "telegram";
    }

    @Override
    public RenderedMessage render(Target target, NeutralMessage message, WebhookEvent event) {
        return renderer.render(message, richHeaderHost);
    }

    @Override
    public PlatformCall call(Target target, RenderedMessage rendered, String editMessageId, String idempotencyKey) {
        return request(target, rendered, null, null, editMessageId);
    }

    /**
     * A thread is a topic of a forum supergroup, where a new message goes ({@code message_thread_id}), or else the
     * first message and the replies to it: a new message replies to it ({@code reply_parameters}, refused by Telegram
     * when that message is gone). An edit is made where the message is ({@link TelegramThread}).
     */
    @Override
    public PlatformCall callInThread(Target target, RenderedMessage rendered, String threadRoot, String editMessageId,
                                     String idempotencyKey) {
        if (editMessageId != null || threadRoot == null) {
            return request(target, rendered, null, null, editMessageId);
        }
        TelegramThread thread = TelegramThread.of(threadRoot);
        return request(target, rendered, thread.topicId(), thread.replyTo(), null);
    }

    /**
     * The message to the target's chat, by {@code telegram:openThread}: in a forum supergroup a topic named
     * {@code title} is created for it, and the answer names the topic; elsewhere it is sent as it is, and the replies
     * to it are the thread. A target that is a topic already sends as it is: its replies stay in that topic.
     */
    @Override
    public PlatformCall openThread(Target target, RenderedMessage rendered, String title, String idempotencyKey) {
        PlatformCall send = call(target, rendered, null, idempotencyKey);
        if (!send.sendable() || !(target instanceof TelegramTarget t) || !blank(t.topicId())
                || !(send.body() instanceof ObjectNode parameters)) {
            return send;
        }
        String method = send.endpoint().substring(send.endpoint().indexOf(':') + 1);
        return PlatformCall.to(TelegramThreadOpening.ENDPOINT, new TelegramThreadOpening(method, parameters, title));
    }

    private PlatformCall request(Target target, RenderedMessage rendered, Long topic, String replyTo, String editMessageId) {
        if (!(rendered instanceof TelegramMessage message) || !(target instanceof TelegramTarget t)) {
            return Platforms.wrongMessage(target, rendered);
        }
        boolean photo = TelegramMessage.SEND_PHOTO.equals(message.method());
        ObjectNode body = json.createObjectNode();
        body.put("chat_id", t.chatId() == null ? "" : t.chatId());
        if (topic != null) {
            body.put("message_thread_id", topic);
        } else if (!blank(t.topicId())) {
            try {
                body.put("message_thread_id", Long.parseLong(t.topicId().trim()));
            } catch (NumberFormatException e) {
                return PlatformCall.refused(SendOutcome.failure(ErrorCode.NO_TARGET, null,
                        "Telegram topicId is not a number: " + t.topicId(), 0));
            }
        }
        if (editMessageId != null) {
            body.put("message_id", parseId(editMessageId));
        }
        if (replyTo != null) {
            body.putObject("reply_parameters").put("message_id", parseId(replyTo));
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

    private static String firstNonBlank(String a, String b) {
        if (a != null && !a.isBlank()) {
            return a;
        }
        return b == null || b.isBlank() ? null : b;
    }
}
