package dev.webhooker.signin;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * Where a browser goes after signing in: a path on this service, never another site. Anything that is
 * not a plain absolute path (a scheme, {@code //host}, a backslash that browsers read as a slash, control
 * characters or spaces) becomes {@link #DEFAULT}.
 */
public final class RedirectTarget {

    public static final String DEFAULT = "/admin";

    private RedirectTarget() {
    }

    public static String sanitize(String requested) {
        if (requested == null || requested.isEmpty() || requested.length() > 2048
                || !requested.startsWith("/") || requested.startsWith("//")) {
            return DEFAULT;
        }
        for (int i = 0; i < requested.length(); i++) {
            char c = requested.charAt(i);
            if (c == '\\' || c <= 0x20 || c == 0x7f) {
                return DEFAULT;
            }
        }
        try {
            URI uri = new URI(requested);
            if (uri.getScheme() != null || uri.getRawAuthority() != null) {
                return DEFAULT;
            }
        } catch (URISyntaxException e) {
            return DEFAULT;
        }
        return requested;
    }
}
