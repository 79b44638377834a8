package dev.webhooker.format;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A flat dictionary: dotted key → text. Built from nested JSON objects, flat dotted keys, or a mix
 * ({@code {"events.push": {"title": "…"}}}), so KV overrides may be written either way.
 */
final class Dictionary {

    static final Dictionary EMPTY = new Dictionary(Map.of());

    private final Map<String, String> entries;

    private Dictionary(Map<String, String> entries) {
        this.entries = Map.copyOf(entries);
    }

    public static Dictionary fromJson(JsonNode root) {
        Map<String, String> entries = new LinkedHashMap<>();
        if (root != null && root.isObject()) {
            flatten("", root, entries);
        }
        return new Dictionary(entries);
    }

    /** A dictionary shipped with the application ({@code i18n/{lang}.json}); empty when there is none. */
    static Dictionary builtIn(String lang, ObjectMapper mapper) {
        if (!lang.matches("[a-z0-9_-]{1,20}")) {
            return EMPTY;
        }
        try (InputStream in = Dictionary.class.getResourceAsStream("/i18n/" + lang + ".json")) {
            return in == null ? EMPTY : fromJson(mapper.readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read built-in dictionary i18n/" + lang + ".json", e);
        }
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> out) {
        Iterator<Map.Entry<String, JsonNode>> members = node.fields();
        while (members.hasNext()) {
            Map.Entry<String, JsonNode> member = members.next();
            String key = prefix + member.getKey();
            JsonNode value = member.getValue();
            if (value.isObject()) {
                flatten(key + ".", value, out);
            } else if (value.isTextual()) {
                out.put(key, value.textValue());
            }
            // Other JSON types are not text and cannot be a translation: ignored.
        }
    }

    /** This dictionary with {@code other}'s entries on top. */
    public Dictionary overlay(Dictionary other) {
        if (other.entries.isEmpty()) {
            return this;
        }
        Map<String, String> merged = new LinkedHashMap<>(entries);
        merged.putAll(other.entries);
        return new Dictionary(merged);
    }

    public String get(String key) {
        return entries.get(key);
    }

    public Map<String, String> entries() {
        return entries;
    }
}
