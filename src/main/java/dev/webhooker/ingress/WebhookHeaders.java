package dev.webhooker.ingress;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/** Request headers looked up case-insensitively, as HTTP requires (the original lower-cased them too). */
public final class WebhookHeaders {

    private final Map<String, String> byLowerName;

    private WebhookHeaders(Map<String, String> byLowerName) {
        this.byLowerName = byLowerName;
    }

    /**
     * A list (a repeated header) counts as its first element. Values that are not text, numbers or lists
     * are not request headers (Camel puts its servlet request and response objects among the headers) and
     * are left out rather than turned into text on every request.
     */
    public static WebhookHeaders of(Map<String, ?> headers) {
        Map<String, String> copy = new HashMap<>();
        headers.forEach((name, value) -> {
            String text = textOf(value instanceof Iterable<?> many ? first(many) : value);
            if (name != null && text != null) {
                copy.putIfAbsent(name.toLowerCase(Locale.ROOT), text);
            }
        });
        return new WebhookHeaders(Map.copyOf(copy));
    }

    private static Object first(Iterable<?> many) {
        for (Object first : many) {
            return first;
        }
        return null;
    }

    private static String textOf(Object value) {
        return value instanceof CharSequence || value instanceof Number || value instanceof Boolean
                ? value.toString() : null;
    }

    /** The value, or null when the header is absent. */
    public String get(String name) {
        return byLowerName.get(name.toLowerCase(Locale.ROOT));
    }

    public boolean has(String name) {
        return byLowerName.containsKey(name.toLowerCase(Locale.ROOT));
    }
}
