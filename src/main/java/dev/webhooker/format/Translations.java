package dev.webhooker.format;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One language's texts, with English underneath. Whatever is asked, the answer is readable text: a
 * missing key falls back to English, then to a humanised form of the key's last part, and a placeholder
 * without a value is dropped, so neither a raw key nor a "{placeholder}" reaches a message.
 */
public final class Translations {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z0-9_]+)}");

    private final String lang;
    private final Dictionary selected;
    private final Dictionary english;

    Translations(String lang, Dictionary selected, Dictionary english) {
        this.lang = lang;
        this.selected = selected;
        this.english = english;
    }

    public String lang() {
        return lang;
    }

    public String t(String key) {
        return t(key, Map.of());
    }

    public String t(String key, Map<String, ?> params) {
        String template = selected.get(key);
        if (template == null) {
            template = english.get(key);
        }
        if (template == null) {
            template = humanise(key.substring(key.lastIndexOf('.') + 1));
        }
        return interpolate(template, params);
    }

    /** The label of an action word ({@code synchronize} → Synchronized); unknown words are humanised. */
    public String action(String action) {
        if (action == null || action.isBlank()) {
            return "";
        }
        String key = "actions." + action;
        return has(key) ? t(key) : humanise(action);
    }

    /**
     * A value word of a closed set (status, severity, ref type) in this language; an unknown word is
     * shown as sent, because it is the sender's own vocabulary.
     */
    public String word(String group, String value) {
        if (value == null) {
            return "";
        }
        String key = group + "." + value;
        return has(key) ? t(key) : value;
    }

    public boolean has(String key) {
        return selected.get(key) != null || english.get(key) != null;
    }

    static String interpolate(String template, Map<String, ?> params) {
        if (template.indexOf('{') < 0) {
            return template;
        }
        Matcher matcher = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            Object value = params == null ? null : params.get(matcher.group(1));
            // Values are inserted verbatim in one pass, so user text containing "{x}" is never re-expanded.
            matcher.appendReplacement(out, Matcher.quoteReplacement(value == null ? "" : value.toString()));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    /** {@code label_updated} → "Label updated", {@code on-demand-test} → "On demand test". */
    static String humanise(String word) {
        String spaced = word.replace('_', ' ').replace('-', ' ').strip();
        if (spaced.isEmpty()) {
            return spaced;
        }
        return spaced.substring(0, 1).toUpperCase(Locale.ROOT) + spaced.substring(1);
    }
}
