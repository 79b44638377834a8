package dev.webhooker.chat.telegram;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The texts of the notification a command replies to, in the order links are looked for:
 * the url of every {@code text_link} entity (a notification's title link), every {@code url} entity, then the
 * text itself; the same for a photo notification's caption and caption entities.
 */
final class ReplyTargets {

    private ReplyTargets() {
    }

    static List<String> texts(JsonNode message) {
        List<String> texts = new ArrayList<>();
        collect(message.path("text").asText(""), message.path("entities"), texts);
        collect(message.path("caption").asText(""), message.path("caption_entities"), texts);
        return texts;
    }

    private static void collect(String text, JsonNode entities, List<String> into) {
        for (JsonNode entity : entities) {
            if ("text_link".equals(entity.path("type").asText())) {
                into.add(entity.path("url").asText(""));
            }
        }
        for (JsonNode entity : entities) {
            if ("url".equals(entity.path("type").asText())) {
                // offsets and lengths count UTF-16 code units, as Java strings do
                int offset = entity.path("offset").asInt(-1);
                int length = entity.path("length").asInt(-1);
                if (offset >= 0 && length > 0 && offset + length <= text.length()) {
                    into.add(text.substring(offset, offset + length));
                }
            }
        }
        if (!text.isEmpty()) {
            into.add(text);
        }
    }
}
