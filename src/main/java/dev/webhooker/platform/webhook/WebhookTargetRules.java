package dev.webhooker.platform.webhook;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import dev.webhooker.routing.TargetProblems;
import dev.webhooker.routing.WebhookSecret;

/**
 * The value rules of a {@code webhook} target, and of the URL of any target that posts to one (Slack's incoming
 * webhooks, Teams' workflows). Whether its address may be reached (no loopback, private or metadata
 * address unless WEBHOOK_TARGET_ALLOW lets it) is decided when it is sent to, after the name is resolved.
 */
public final class WebhookTargetRules {

    static final int MAX_URL_LENGTH = 2048;
    /** Two during a rotation: the new secret and the one it replaces. */
    static final int MAX_SECRETS = 2;
    static final int MAX_HEADERS = 10;
    static final int MAX_HEADER_NAME_LENGTH = 64;
    static final int MAX_HEADER_VALUE_LENGTH = 1024;
    static final int MAX_TIMEOUT_SECONDS = 30;

    /** Set by webhooker on every post; a static header must not replace them. */
    static final Set<String> RESERVED_HEADERS = Set.of("content-type", "content-length", "host", "transfer-encoding",
            "connection", "webhook-id", "webhook-timestamp", "webhook-signature", "webhooker-event", "webhooker-provider",
            "traceparent", "tracestate");
    // RFC 9110 token
    private static final Pattern HEADER_NAME = Pattern.compile("^[!#$%&'*+.^_`|~0-9A-Za-z-]+$");

    private WebhookTargetRules() {
    }

    /** Reports each problem of {@code w} to {@code problems}. */
    static void check(WebhookTarget.Webhook w, TargetProblems problems) {
        if (w == null || w.url() == null || w.url().isBlank()) {
            problems.add("url", "required for a webhook target");
        } else {
            checkUrl(w.url(), "url", problems);
        }
        if (w == null) {
            return;
        }
        if (w.secrets().isEmpty()) {
            problems.add("secret", "required for a webhook target: a Standard Webhooks secret, whsec_ and base64");
        } else if (w.secrets().size() > MAX_SECRETS) {
            problems.add("secrets", "at most " + MAX_SECRETS + " (the new secret and the one it replaces)");
        }
        for (int i = 0; i < w.secrets().size(); i++) {
            try {
                WebhookSecret.parse(w.secrets().get(i));
            } catch (IllegalArgumentException e) {
                problems.add(w.secrets().size() == 1 ? "secret" : "secrets[" + i + "]", e.getMessage());
            }
        }
        checkHeaders(w.headers(), "headers", problems);
        if (w.timeoutSeconds() != null && (w.timeoutSeconds() < 1 || w.timeoutSeconds() > MAX_TIMEOUT_SECONDS)) {
            problems.add("timeoutSeconds", "from 1 to " + MAX_TIMEOUT_SECONDS + " seconds");
        }
    }

    /** The {@code url} of a Slack incoming webhook or a Teams workflow: https, with the webhook URL's rules. */
    public static void checkPostingUrl(String url, String platform, TargetProblems problems) {
        if (url == null || url.isBlank()) {
            problems.add("url", "required for a " + platform + " target");
            return;
        }
        if (!url.regionMatches(true, 0, "https://", 0, 8)) {
            problems.add("url", "must be an https:// URL (the " + platform + " webhook's URL as " + platform + " gives it)");
            return;
        }
        checkUrl(url, "url", problems);
    }

    private static void checkUrl(String url, String field, TargetProblems problems) {
        if (url.length() > MAX_URL_LENGTH) {
            problems.add(field, "longer than " + MAX_URL_LENGTH + " characters");
            return;
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            problems.add(field, "not a URL: " + e.getReason());
            return;
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http")) {
            problems.add(field, "must be an http:// or https:// URL");
        } else if (uri.getHost() == null || uri.getHost().isEmpty()) {
            problems.add(field, "has no host name");
        } else if (uri.getRawUserInfo() != null) {
            problems.add(field, "must not carry a user name or password; send credentials in headers (Authorization)");
        } else if (uri.getRawFragment() != null) {
            problems.add(field, "must not have a #fragment (it is never sent)");
        }
    }

    private static void checkHeaders(Map<String, String> headers, String field, TargetProblems problems) {
        if (headers.size() > MAX_HEADERS) {
            problems.add(field, "too many headers (" + headers.size() + "; at most " + MAX_HEADERS + ")");
            return;
        }
        for (Map.Entry<String, String> h : headers.entrySet()) {
            String name = h.getKey();
            String header = field + "." + name;
            if (name.length() > MAX_HEADER_NAME_LENGTH || !HEADER_NAME.matcher(name).matches()) {
                problems.add(header, "not a header name (letters, digits and !#$%&'*+.^_`|~-, at most "
                        + MAX_HEADER_NAME_LENGTH + " characters)");
            } else if (RESERVED_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                problems.add(header, "set by webhooker on every post; it cannot be replaced");
            }
            String value = h.getValue();
            if (value == null) {
                problems.add(header, "must be a string");
            } else if (value.length() > MAX_HEADER_VALUE_LENGTH) {
                problems.add(header, "longer than " + MAX_HEADER_VALUE_LENGTH + " characters");
            } else if (value.chars().anyMatch(c -> (c < 0x20 && c != '\t') || c == 0x7f)) {
                problems.add(header, "must not contain control characters (a line break would start another header)");
            }
        }
    }
}
