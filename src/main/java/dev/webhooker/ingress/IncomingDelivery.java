package dev.webhooker.ingress;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.routing.WebhookEvent;

/**
 * A verified, normalized delivery that is not yet accepted: provider, event (after the Gitea rename),
 * the payload object (Gitea mapped to the GitHub shape), the GitHub App installation id if any, the
 * tenant ({@code null} on the global endpoint), the delivery id (given or derived), the raw body size
 * (decides the claim check) and the custom replay nonce still to consume ({@code null} if none).
 */
public record IncomingDelivery(
        Provider provider,
        String event,
        ObjectNode payload,
        Long installationId,
        String groupId,
        String deliveryId,
        int bodyBytes,
        String nonce) {

    public String dedupKey() {
        return DeliveryIds.dedupKey(provider, groupId, deliveryId);
    }

    public WebhookEvent toEvent() {
        return new WebhookEvent(provider.wireName(), event, payload, installationId, groupId);
    }
}
