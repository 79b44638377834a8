package dev.webhooker.platform.webhook;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;

import dev.webhooker.routing.Target;

/** A webhook endpoint of the team's own: every event is posted to it, signed, and never edited. */
public record WebhookTarget(Webhook webhook) implements Target {

    public static final String PLATFORM = "webhook";

    /** What a webhook receiver gets: the event as it came in, or the neutral message webhooker made of it. */
    public enum BodyFormat {
        EVENT, MESSAGE;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * An HTTP endpoint: the URL, the Standard Webhooks secrets that sign every post ({@code whsec_…}, the new one
     * first while a rotation lasts; held in clear here, sealed wherever they are stored or shown), static headers,
     * the body format and the timeout of one call (null: the default). Slack's incoming webhooks and Teams' workflows
     * are such endpoints too, with only a URL. A dry run's answer shows the target through Jackson, to viewers too:
     * the secrets are left out, the URL (the credential of a Slack or Teams channel, and often of a webhook) is shown
     * as its scheme and host, and header values (Authorization…) are withheld.
     */
    public record Webhook(@JsonSerialize(using = HostOnly.class) String url, @JsonIgnore List<String> secrets,
                          @JsonSerialize(contentUsing = Withheld.class) Map<String, String> headers, BodyFormat format,
                          Integer timeoutSeconds) {

        public Webhook {
            secrets = secrets == null ? List.of() : List.copyOf(secrets);
            headers = headers == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(headers));
            format = format == null ? BodyFormat.EVENT : format;
        }

        /** An endpoint known by its URL alone, that takes the message (an incoming webhook, a workflow). */
        public static Webhook posting(String url) {
            return new Webhook(url, List.of(), Map.of(), BodyFormat.MESSAGE, null);
        }

        /**
         * The endpoint's host and a short hash of the whole URL ({@code hooks.example.com#1a2b3c4d}): tells two
         * endpoints on one host apart without writing a path or query (where tokens live) into a log.
         */
        public String id() {
            try {
                byte[] hash = MessageDigest.getInstance("SHA-256").digest((url == null ? "" : url).getBytes(StandardCharsets.UTF_8));
                return hostOf(url) + "#" + HexFormat.of().formatHex(hash, 0, 4);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is missing from this JVM", e);
            }
        }

        @Override
        public String toString() {
            // neither the URL (it may hold a token) nor a secret goes into a log line
            return "Webhook[" + hostOf(url) + ", " + secrets.size() + " secret(s), " + format.wireName() + "]";
        }
    }

    @Override
    public String platform() {
        return PLATFORM;
    }

    @Override
    public String id() {
        return (webhook == null ? Webhook.posting("") : webhook).id();
    }

    @Override
    public boolean endpoint() {
        return webhook != null;
    }

    @Override
    public String toString() {
        return "Target[webhook " + id() + "]";
    }

    /** A URL as {@code https://host/…}: enough to tell where it goes, nothing of the path or query, where tokens live. */
    static final class HostOnly extends JsonSerializer<String> {
        @Override
        public void serialize(String url, JsonGenerator out, SerializerProvider provider) throws java.io.IOException {
            String scheme;
            try {
                scheme = url == null ? null : URI.create(url).getScheme();
            } catch (IllegalArgumentException e) {
                scheme = null;
            }
            out.writeString((scheme == null ? "" : scheme + "://") + hostOf(url) + "/…");
        }
    }

    /** A value that is not shown at all. */
    static final class Withheld extends JsonSerializer<String> {
        @Override
        public void serialize(String value, JsonGenerator out, SerializerProvider provider) throws java.io.IOException {
            out.writeString("(withheld)");
        }
    }

    private static String hostOf(String url) {
        try {
            String host = url == null ? null : URI.create(url).getHost();
            return host == null ? "?" : host;
        } catch (IllegalArgumentException e) {
            return "?";
        }
    }
}
