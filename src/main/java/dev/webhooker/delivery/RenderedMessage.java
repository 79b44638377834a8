package dev.webhooker.delivery;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** A message in one target platform's shape, ready for its endpoint. */
public sealed interface RenderedMessage {

    /** The JSON body of a Discord create / edit message call. */
    record Discord(ObjectNode body) implements RenderedMessage {
    }

    /**
     * A Telegram message: {@code method} is sendMessage (HTML {@code text}) or sendPhoto
     * ({@code photoUrl} + HTML {@code caption}); {@code linkPreviewOptions} null = previews disabled.
     */
    record Telegram(String method, String text, String photoUrl, String caption, ObjectNode linkPreviewOptions)
            implements RenderedMessage {
    }

    /** The JSON of a Slack message (incoming webhook, or chat.postMessage / chat.update without the channel). */
    record Slack(ObjectNode body) implements RenderedMessage {
    }

    /** The JSON a Teams workflow or incoming webhook gets: a message with one Adaptive Card. */
    record Teams(ObjectNode body) implements RenderedMessage {
    }

    /** The JSON a webhook target gets (the event or the neutral message), and what the event was. */
    record Webhook(String body, String provider, String event) implements RenderedMessage {
    }
}
