package dev.webhooker.format;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Tolerant read access to a webhook payload. Senders omit fields, send {@code null} or change a field's
 * type between versions; a formatter must never fail on that, so every accessor answers "absent" instead
 * of throwing, and only {@link FormatContext#require} turns a missing main object into an error.
 */
public final class PayloadView {

    private static final PayloadView ABSENT = new PayloadView(MissingNode.getInstance());

    private final JsonNode node;

    private PayloadView(JsonNode node) {
        this.node = node;
    }

    public static PayloadView of(JsonNode node) {
        return node == null ? ABSENT : new PayloadView(node);
    }

    /** Walks object members; anything that is not an object on the way yields an absent view. */
    public PayloadView get(String... path) {
        JsonNode current = node;
        for (String name : path) {
            if (current == null || !current.isObject()) {
                return ABSENT;
            }
            current = current.get(name);
        }
        return current == null ? ABSENT : new PayloadView(current);
    }

    public boolean isObject() {
        return node.isObject();
    }

    /** Present and not JSON null. */
    public boolean isPresent() {
        return !node.isMissingNode() && !node.isNull();
    }

    /** Strings as they are; numbers and booleans as their JSON text; objects, arrays and null as null. */
    public String text() {
        if (node.isTextual()) {
            return node.textValue();
        }
        if (node.isNumber() || node.isBoolean()) {
            return node.asText();
        }
        return null;
    }

    /** {@link #text()} when it has non-whitespace content, else null. */
    public String nonBlank() {
        String text = text();
        return text == null || text.isBlank() ? null : text;
    }

    public String textOr(String fallback) {
        String text = nonBlank();
        return text == null ? fallback : text;
    }

    /** Integral numbers, or strings holding one; else null. */
    public Long longValue() {
        if (node.isIntegralNumber() && node.canConvertToLong()) {
            return node.longValue();
        }
        if (node.isNumber()) {
            return (long) node.doubleValue();
        }
        if (node.isTextual()) {
            try {
                return Long.parseLong(node.textValue().trim());
            } catch (NumberFormatException notANumber) {
                return null;
            }
        }
        return null;
    }

    public boolean isTrue() {
        return node.isBoolean() ? node.booleanValue() : node.isTextual() && "true".equalsIgnoreCase(node.textValue());
    }

    /** Elements of an array; an empty list for anything else. */
    public List<PayloadView> items() {
        if (!node.isArray()) {
            return List.of();
        }
        List<PayloadView> items = new ArrayList<>(node.size());
        node.forEach(element -> items.add(new PayloadView(element)));
        return items;
    }

    public JsonNode raw() {
        return node;
    }
}
