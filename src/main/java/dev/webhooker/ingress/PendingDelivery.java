package dev.webhooker.ingress;

import java.time.Instant;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What the accepting transaction writes: the delivery, its payload JSON inline or the key of the object
 * the claim check parked it under, and whether any route selected it when it arrived ({@code decision}
 * says which, or why none; null where nobody asked).
 * <p>
 * A routed delivery has exactly one of {@code payloadJson} and {@code payloadRef}. An unrouted one is
 * stored already concluded and has neither: nothing will send it. The delivery carries no parsed payload
 * ({@link IncomingDelivery#withoutPayload()}): what is stored is the text or the key, and {@code repo}, the repository
 * the event is about ({@code repository.full_name}; null when it names none), taken from the payload before it went.
 */
public record PendingDelivery(IncomingDelivery delivery, String payloadJson, String payloadRef, Instant receivedAt,
                              boolean routed, RouteDecision decision, String repo) {

    /** The longest {@code owner/name} kept: on GitHub a repository's name is at most 100 characters, its owner's 39. */
    private static final int REPO_MAX = 201;

    public PendingDelivery {
        if (routed && (payloadJson == null) == (payloadRef == null)) {
            throw new IllegalArgumentException("a routed delivery needs exactly one of payloadJson and payloadRef");
        }
        if (!routed && (payloadJson != null || payloadRef != null)) {
            throw new IllegalArgumentException("an unrouted delivery keeps no payload");
        }
    }

    /** A delivery some route selected. */
    public PendingDelivery(IncomingDelivery delivery, String payloadJson, String payloadRef, Instant receivedAt) {
        this(delivery, payloadJson, payloadRef, receivedAt, true, null, repositoryOf(delivery.payload()));
    }

    /** Without the routing decision (for the log line only). */
    public PendingDelivery(IncomingDelivery delivery, String payloadJson, String payloadRef, Instant receivedAt, boolean routed) {
        this(delivery, payloadJson, payloadRef, receivedAt, routed, null, repositoryOf(delivery.payload()));
    }

    /** {@code repository.full_name} of {@code payload}, when it has a plausible one. */
    static String repositoryOf(ObjectNode payload) {
        if (payload == null) {
            return null;
        }
        JsonNode name = payload.path("repository").path("full_name");
        return name.isTextual() && !name.asText().isBlank() && name.asText().length() <= REPO_MAX ? name.asText() : null;
    }

    /** The delivery's identity (see {@link IncomingDelivery#hashCode()}): never a walk over the payload. */
    @Override
    public int hashCode() {
        return delivery.hashCode();
    }

    public String key() {
        return delivery.dedupKey();
    }
}
