package dev.webhooker.platform.telegram;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.delivery.RenderedMessage;

/**
 * What to send to the Bot API. {@code method} is {@code sendMessage} (then {@code text}
 * is the HTML and {@code linkPreviewOptions} the preview settings: the rich-header card, or
 * {@code {"is_disabled":true}}) or {@code sendPhoto} (then {@code photoUrl} and the HTML {@code caption}).
 * The delivery engine adds chat_id, message_thread_id and parse_mode=HTML, and maps to
 * editMessageText / editMessageCaption for edits.
 */
public record TelegramMessage(
        String method,
        String text,
        String photoUrl,
        String caption,
        ObjectNode linkPreviewOptions) implements RenderedMessage {

    public static final String SEND_MESSAGE = "sendMessage";
    public static final String SEND_PHOTO = "sendPhoto";
}
