package dev.webhooker.control;

import java.util.Iterator;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A small request body of the admin API (a few named fields, not a config entity) read strictly: it must be a
 * JSON object, every field must be one the endpoint knows, and each value must have the expected type and
 * length. Each refusal is a 400 naming the field, so a typo ({@code rol} for {@code role}) is never silently
 * ignored. An absent body reads as an empty object.
 */
final class JsonBody {

    private final JsonNode node;

    private JsonBody(JsonNode node) {
        this.node = node;
    }

    /** {@code body} (null when the request had none), refused unless it is an object of {@code fields} only. */
    static JsonBody of(JsonNode body, String error, List<String> fields) {
        if (body == null || body.isNull() || body.isMissingNode()) {
            return new JsonBody(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode());
        }
        if (!body.isObject()) {
            throw AdminApiException.badRequest(error, "the body must be a JSON object");
        }
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!fields.contains(name)) {
                throw AdminApiException.badField(error, name, "unknown field (expected one of " + String.join(", ", fields) + ")");
            }
        }
        return new JsonBody(body);
    }

    /** The trimmed text of {@code field}; empty when it is absent or null; refused when not a string or longer than {@code maxLength}. */
    Optional<String> text(String field, int maxLength, String error) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isTextual()) {
            throw AdminApiException.badField(error, field, "expected a string, got " + value.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
        }
        String text = value.asText().trim();
        if (text.length() > maxLength) {
            throw AdminApiException.badField(error, field, "at most " + maxLength + " characters");
        }
        return Optional.of(text);
    }

    /** The whole number in {@code field}, from {@code min} to {@code max}; empty when absent or null. */
    Optional<Long> wholeNumber(String field, long min, long max, String error) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong() || value.asLong() < min || value.asLong() > max) {
            throw AdminApiException.badField(error, field, "a whole number from " + min + " to " + max);
        }
        return Optional.of(value.asLong());
    }

    /** The non-empty array of words in {@code field}, each one of {@code allowed}; empty when absent or null. */
    Optional<List<String>> words(String field, List<String> allowed, String error) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        String expected = "a non-empty array of " + String.join(", ", allowed);
        if (!value.isArray() || value.isEmpty()) {
            throw AdminApiException.badField(error, field, expected);
        }
        List<String> words = new java.util.ArrayList<>();
        for (JsonNode word : value) {
            if (!word.isTextual() || !allowed.contains(word.asText())) {
                throw AdminApiException.badField(error, field, expected);
            }
            words.add(word.asText());
        }
        return Optional.of(words);
    }
}
