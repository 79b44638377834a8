package dev.webhooker.platform.camel;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.webhooker.routing.Target;

/**
 * A Camel endpoint as a route's target: a message broker's queue or topic ({@code spring-rabbitmq:events},
 * {@code nats:events.github?servers=…}, {@code kafka:events?brokers=…}, {@code paho-mqtt5:events/github?brokerUrl=…})
 * or a Kamelet sink. Every event goes there as the JSON a webhook target gets, with the Standard Webhooks headers,
 * signed when there are {@code secrets} ({@code whsec_…}, the new one first while a rotation lasts). With
 * {@code keyed}, the message key (the repository and its pull request, issue or run) extends the RabbitMQ routing
 * key, the MQTT topic or the NATS subject.
 *
 * <p>The URI is held in clear here; its credential options are sealed wherever it is stored or shown, and a dry run
 * shows it with them masked.
 */
record CamelTarget(@JsonIgnore String uri, @JsonIgnore List<String> secrets, boolean keyed) implements Target {

    public static final String PLATFORM = "camel";

    public CamelTarget {
        secrets = secrets == null ? List.of() : List.copyOf(secrets);
    }

    @Override
    public String platform() {
        return PLATFORM;
    }

    /** The component's scheme and a short hash of the whole URI ({@code kafka#1a2b3c4d}): no option value in a log. */
    @Override
    public String id() {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest((uri == null ? "" : uri).getBytes(StandardCharsets.UTF_8));
            return scheme() + "#" + HexFormat.of().formatHex(hash, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** The Camel component it goes through, or {@code ?} when the URI has none. */
    public String scheme() {
        try {
            return EndpointUri.parse(uri).scheme();
        } catch (IllegalArgumentException e) {
            return "?";
        }
    }

    /** {@code camel:<scheme>}: the components are the operator's allowed few (CAMEL_TARGET_SCHEMES). */
    @Override
    public String meterPlatform() {
        return PLATFORM + ":" + scheme();
    }

    /** An endpoint of the group's own: it needs no chat's consent, and one that keeps failing is disabled like a URL's. */
    @Override
    public boolean endpoint() {
        return true;
    }

    /** The URI as a dry run shows it: every credential option masked. */
    @JsonProperty("uri")
    public String shownUri() {
        try {
            return EndpointUri.parse(uri).withCredentials(value -> "xxxxxx");
        } catch (IllegalArgumentException e) {
            return scheme() + ":…";
        }
    }

    @Override
    public String toString() {
        return "Target[camel " + id() + "]";
    }
}
