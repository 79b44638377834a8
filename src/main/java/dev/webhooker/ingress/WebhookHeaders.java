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

    /** Non-string values (e.g. a list for a repeated header) are turned into their first element's text. */
    public static WebhookHeaders of(Map<String, ?> headers) {
        Map<String, String> copy = new HashMap<>();
        headers.forEach((name, value) -> {
            String text = textOf(value);
            if (name != null && text != null) {
                copy.putIfAbsent(name.toLowerCase(Locale.ROOT), text);
            }
        });
        return new WebhookHeaders(Map.copyOf(copy));
    }

    private static String textOf(Object value) {
        if (value instanceof Iterable<?> many) {
            for (Object first : many) {
                return first == null ? null : first.toString();
            }
            return null;
        }
        return value == null ? null : value.toString();
    }

    /** The value, or null when the header is absent. */
    public String get(String name) {
        return byLowerName.get(name.toLowerCase(Locale.ROOT));
    }

    public boolean has(String name) {
        return byLowerName.containsKey(name.toLowerCase(Locale.ROOT));
    }
}
