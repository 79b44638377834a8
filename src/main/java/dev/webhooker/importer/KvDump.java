package dev.webhooker.importer;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A KV dump as the {@code wrangler kv} bulk commands read and write it: a JSON array of {@code {key, value,
 * expiration?}} ({@code expiration} in epoch seconds; {@code base64: true} values are refused, WebHooker writes none).
 * A malformed dump is an {@link IllegalArgumentException} naming the entry.
 */
public record KvDump(List<Entry> entries) {

    public record Entry(String key, String value, Long expiration) {
    }

    public static KvDump parse(String json, ObjectMapper mapper) {
        JsonNode root;
        try {
            root = mapper.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isArray()) {
            throw new IllegalArgumentException("expected a JSON array of {key, value, expiration?}");
        }
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < root.size(); i++) {
            JsonNode e = root.get(i);
            if (!e.isObject() || !e.path("key").isTextual() || !e.has("value")) {
                throw new IllegalArgumentException("[" + i + "]: expected {key, value, expiration?}");
            }
            if (e.path("base64").asBoolean(false)) {
                throw new IllegalArgumentException("[" + i + "] (" + e.path("key").asText() + "): base64 values are not read");
            }
            JsonNode value = e.get("value");
            Long expiration = e.path("expiration").isNumber() ? e.path("expiration").asLong() : null;
            entries.add(new Entry(e.path("key").asText(), value.isTextual() ? value.asText() : value.toString(), expiration));
        }
        return new KvDump(entries);
    }
}
