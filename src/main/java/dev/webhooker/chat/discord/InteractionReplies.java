package dev.webhooker.chat.discord;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The interaction responses webhooker gives, all visible to the one user only (flags 64) and never pinging
 * anyone: a message (type 4), a deferral (type 5) whose message is edited in later, and the comment modal
 * (type 9).
 */
final class InteractionReplies {

    static final int EPHEMERAL = 64;
    static final int MAX_CONTENT = 2000;
    /** Discord's limits for a modal title, a text input value and its placeholder. */
    static final int MAX_TITLE = 45;
    static final int MAX_INPUT = 4000;
    static final int MAX_PLACEHOLDER = 100;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private InteractionReplies() {
    }

    static ObjectNode pong() {
        return NODES.objectNode().put("type", 1);
    }

    static ObjectNode message(String content) {
        ObjectNode reply = NODES.objectNode().put("type", 4);
        reply.set("data", content(content).put("flags", EPHEMERAL));
        return reply;
    }

    static ObjectNode deferred() {
        ObjectNode reply = NODES.objectNode().put("type", 5);
        reply.putObject("data").put("flags", EPHEMERAL);
        return reply;
    }

    /** The body of a message or of the edit of a deferred one. */
    static ObjectNode content(String content) {
        ObjectNode data = NODES.objectNode().put("content", cut(content, MAX_CONTENT));
        data.putObject("allowed_mentions").putArray("parse");
        return data;
    }

    /** A one-field modal: a paragraph input {@code body}, prefilled with {@code value} or hinted by {@code placeholder}. */
    static ObjectNode modal(String customId, String title, String label, String value, String placeholder) {
        ObjectNode input = NODES.objectNode().put("type", 4).put("custom_id", "body").put("style", 2)
                .put("label", cut(label, MAX_TITLE)).put("required", true).put("max_length", MAX_INPUT);
        if (value != null) {
            input.put("value", value);
        }
        if (placeholder != null) {
            input.put("placeholder", cut(placeholder, MAX_PLACEHOLDER));
        }
        ObjectNode row = NODES.objectNode().put("type", 1);
        row.putArray("components").add(input);
        ObjectNode reply = NODES.objectNode().put("type", 9);
        ObjectNode data = reply.putObject("data").put("custom_id", customId).put("title", cut(title, MAX_TITLE));
        data.putArray("components").add(row);
        return reply;
    }

    private static String cut(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int end = max - 1;
        if (Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end) + "…";
    }
}
