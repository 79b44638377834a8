package dev.webhooker.ingress;

import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The custom payload schema: every listed field is optional, but when present it must have
 * its type. {@code null} counts as absent (senders often serialize unset fields that way). Unknown
 * fields are kept, so keyword filters still see them.
 */
final class CustomPayloadValidator {

    private static final Map<String, JsonNodeType> FIELDS = Map.of(
            "title", JsonNodeType.STRING,
            "description", JsonNodeType.STRING,
            "color", JsonNodeType.STRING,
            "url", JsonNodeType.STRING,
            "repo", JsonNodeType.STRING,
            "author", JsonNodeType.OBJECT,
            "fields", JsonNodeType.ARRAY,
            "footer", JsonNodeType.STRING,
            "deliveryId", JsonNodeType.STRING);

    public void validate(ObjectNode payload) {
        FIELDS.forEach((field, type) -> {
            JsonNode value = payload.get(field);
            if (value != null && !value.isNull() && value.getNodeType() != type) {
                throw new WebhookRejectedException(Rejection.INVALID_EVENT,
                        "field '" + field + "' must be " + article(type) + ", got " + value.getNodeType().name().toLowerCase());
            }
        });
    }

    private static String article(JsonNodeType type) {
        return switch (type) {
            case STRING -> "a string";
            case OBJECT -> "an object";
            case ARRAY -> "an array";
            default -> type.name().toLowerCase();
        };
    }
}
