package dev.webhooker.ingress;

import java.time.Instant;

/**
 * What the accepting transaction writes: the delivery, and either its payload JSON inline or the key
 * of the object the claim check parked it under (exactly one of the two is set).
 */
public record PendingDelivery(IncomingDelivery delivery, String payloadJson, String payloadRef, Instant receivedAt) {

    public PendingDelivery {
        if ((payloadJson == null) == (payloadRef == null)) {
            throw new IllegalArgumentException("exactly one of payloadJson and payloadRef must be set");
        }
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
