package dev.webhooker.queue;

/**
 * A {@code delivery_state} row this worker holds the lease of. {@code lockToken} is unique per claim,
 * so a worker whose lease was taken over cannot write over the new owner's work.
 * {@code attempts} counts claims, this one included.
 */
public record ClaimedDelivery(
        String key,
        String deliveryId,
        String provider,
        String event,
        String groupId,
        Long installationId,
        String payload,
        String payloadRef,
        Long receivedAt,
        int attempts,
        String lockToken,
        String traceParent) {
}
