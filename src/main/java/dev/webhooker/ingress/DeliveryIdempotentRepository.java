package dev.webhooker.ingress;

import org.apache.camel.Exchange;
import org.apache.camel.spi.IdempotentRepository;
import org.apache.camel.support.service.ServiceSupport;

/**
 * The idempotent-consumer step's repository, backed by SQL through {@link DeliveryIntake}: adding a key
 * claims it AND writes the delivery row from the exchange body in one transaction, so "seen" and
 * "stored" can never disagree. Claims are not removed on failure (the route sets
 * {@code removeOnFailure: false}): once committed the delivery is durable.
 */
public final class DeliveryIdempotentRepository extends ServiceSupport implements IdempotentRepository {

    /** Set (true) on the exchange of a redelivery that re-opened an earlier delivery's failed targets. */
    public static final String REOPENED = "webhookerReopened";

    private final DeliveryIntake intake;

    public DeliveryIdempotentRepository(DeliveryIntake intake) {
        this.intake = intake;
    }

    /**
     * The key claimed for a delivery (its dedup key). The route asks this bean rather than reading {@code ${body.key}}:
     * Simple's OGNL introspects the body's class on every webhook.
     */
    public String key(PendingDelivery pending) {
        return pending.key();
    }

    @Override
    public boolean add(Exchange exchange, String key) {
        PendingDelivery pending = exchange.getMessage().getBody(PendingDelivery.class);
        if (pending == null || !pending.key().equals(key)) {
            throw new IllegalStateException("the idempotent key must be the pending delivery's key, got " + key);
        }
        DeliveryIntake.Outcome outcome = intake.accept(pending, exchange.getProperty(IngressLog.TRACE_PARENT, String.class));
        if (outcome == DeliveryIntake.Outcome.REOPENED) {
            exchange.setProperty(REOPENED, true);
        }
        return outcome != DeliveryIntake.Outcome.DUPLICATE;
    }

    @Override
    public boolean add(String key) {
        throw new UnsupportedOperationException("a delivery is claimed together with its row: use add(exchange, key)");
    }

    @Override
    public boolean contains(String key) {
        return intake.isClaimed(key);
    }

    @Override
    public boolean remove(String key) {
        return false;
    }

    @Override
    public boolean confirm(String key) {
        return true;
    }

    @Override
    public void clear() {
        throw new UnsupportedOperationException("dedup claims expire through storage-prune, never all at once");
    }
}
