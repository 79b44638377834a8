package dev.webhooker.platform.markup;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Decides which URLs may be sent to a platform. Discord answers 400 to an embed whose URL is not an
 * absolute http(s) URL, and Telegram only links http(s) and {@code tg:} URLs, so anything else is dropped
 * by the renderers rather than losing the whole message.
 */
public final class WebUrls {

    /** Longer URLs are rejected by Discord's embed validation; no real forge URL comes close. */
    public static final int MAX_LENGTH = 2048;

    private static final Set<String> WEB = Set.of("http", "https");

    private WebUrls() {
    }

    /** {@code url} (trimmed) when it is an absolute http or https URL with a host. */
    public static Optional<String> web(String url) {
        return parse(url).filter(uri -> WEB.contains(scheme(uri)) && hasHost(uri)).map(WebUrls::lowerCaseScheme);
    }

    /** {@code url} (trimmed) when Telegram accepts it in {@code <a href>}: http(s) with a host, or {@code tg:}. */
    public static Optional<String> telegramLink(String url) {
        return parse(url)
                .filter(uri -> (WEB.contains(scheme(uri)) && hasHost(uri)) || "tg".equals(scheme(uri)))
                .map(WebUrls::lowerCaseScheme);
    }

    private static Optional<URI> parse(String url) {
        if (url == null) {
            return Optional.empty();
        }
        String trimmed = url.strip();
        if (trimmed.isEmpty() || trimmed.length() > MAX_LENGTH) {
            return Optional.empty();
        }
        try {
            URI uri = new URI(trimmed);
            return uri.isAbsolute() ? Optional.of(uri) : Optional.empty();
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }

    /** Schemes are case-insensitive, but a platform's own check may not be. */
    private static String lowerCaseScheme(URI uri) {
        String text = uri.toString();
        return scheme(uri) + text.substring(uri.getScheme().length());
    }

    private static String scheme(URI uri) {
        return uri.getScheme().toLowerCase(Locale.ROOT);
    }

    private static boolean hasHost(URI uri) {
        // getHost() is null for registry-style authorities (IDN hosts, underscores); those still have one.
        return uri.getRawAuthority() != null && !uri.getRawAuthority().isEmpty();
    }
}
