package dev.webhooker.ingress;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.routing.WebhookEvent;

/**
 * A verified, normalized delivery that is not yet accepted: provider, event (after the Gitea rename),
 * the payload object (Gitea mapped to the GitHub shape), the GitHub App installation id if any, the
 * tenant ({@code null} on the global endpoint), the delivery id (given or derived), the raw body size
 * (decides the claim check), the custom replay nonce still to consume ({@code null} if none) and the
 * received JSON text when the payload is exactly that text ({@code null} when it was unwrapped from a form
 * or changed by normalization): storing it saves writing the parsed tree back to a string.
 * <p>
 * {@code hashCode} is the identity of the delivery (provider, tenant, id), not the payload: Camel hashes
 * message bodies (bean-call cache keys), and the generated one walked the whole JSON tree per request.
 */
public record IncomingDelivery(
        Provider provider,
        String event,
        ObjectNode payload,
        Long installationId,
        String groupId,
        String deliveryId,
        int bodyBytes,
        String nonce,
        String payloadText,
        String replayKey) {

    public IncomingDelivery(Provider provider, String event, ObjectNode payload, Long installationId, String groupId,
                            String deliveryId, int bodyBytes, String nonce) {
        this(provider, event, payload, installationId, groupId, deliveryId, bodyBytes, nonce, null, null);
    }

    public IncomingDelivery(Provider provider, String event, ObjectNode payload, Long installationId, String groupId,
                            String deliveryId, int bodyBytes, String nonce, String payloadText) {
        this(provider, event, payload, installationId, groupId, deliveryId, bodyBytes, nonce, payloadText, null);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(provider, groupId, deliveryId);
    }

    /**
     * This delivery without its parsed payload and received text, once the claim check has decided what is
     * stored: an accepted webhook then waits for its commit without holding its JSON tree, which under load
     * was most of what the in-flight requests kept alive across young collections.
     */
    public IncomingDelivery withoutPayload() {
        return new IncomingDelivery(provider, event, null, installationId, groupId, deliveryId, bodyBytes, nonce, null, replayKey);
    }

    public String dedupKey() {
        return DeliveryIds.dedupKey(provider, groupId, deliveryId);
    }

    public WebhookEvent toEvent() {
        return new WebhookEvent(provider.wireName(), event, payload, installationId, groupId);
    }
}
