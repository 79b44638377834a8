package dev.webhooker.ingress;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.function.Function;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.store.PayloadKeys;
import dev.webhooker.store.PayloadStore;

/**
 * Step "park" (claim check): a body larger than {@code inlineMaxBytes} is written to the
 * payload store under a fresh {@code webhooks/YYYY/MM/DD/<uuid>.json} key and the delivery row keeps
 * only that key; smaller payloads stay inline. The object is written before the accepting transaction
 * (a store cannot join it), so a delivery that ends up not accepted removes its object again.
 * <p>
 * A delivery no route selects (see {@link RouteDecision}) keeps no payload at all, inline or parked: it
 * is stored as already delivered and nothing will ever send it (a finished delivery keeps no parked
 * object either). Its payload was most of the bytes written per such webhook.
 */
public final class PayloadClaimCheck {

    private static final Logger LOG = LoggerFactory.getLogger(PayloadClaimCheck.class);

    private final PayloadStore store;
    private final ObjectMapper mapper;
    private final int inlineMaxBytes;
    private final Clock clock;
    private final Function<IncomingDelivery, RouteDecision> routes;

    public PayloadClaimCheck(PayloadStore store, ObjectMapper mapper, int inlineMaxBytes, Clock clock,
                             Function<IncomingDelivery, RouteDecision> routes) {
        this.store = store;
        this.mapper = mapper;
        this.inlineMaxBytes = inlineMaxBytes;
        this.clock = clock;
        this.routes = routes;
    }

    public PendingDelivery park(IncomingDelivery delivery) {
        Instant now = clock.instant();
        // what waits for the commit keeps the text or the key, never the parsed tree (nothing later reads it)
        IncomingDelivery stored = delivery.withoutPayload();
        String repo = PendingDelivery.repositoryOf(delivery.payload());
        RouteDecision decision = routes.apply(delivery);
        if (!decision.routed()) {
            return new PendingDelivery(stored, null, null, now, false, decision, repo);
        }
        String json = payloadJson(delivery);
        if (delivery.bodyBytes() <= inlineMaxBytes) {
            return new PendingDelivery(stored, json, null, now, true, decision, repo);
        }
        String key = PayloadKeys.newKey(now);
        try {
            store.put(key, json.getBytes(StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            throw new StorageUnavailableException("the payload store is unavailable: " + e.getMessage(), e);
        }
        return new PendingDelivery(stored, null, key, now, true, decision, repo);
    }

    /** The received text when it is the payload as is; the parsed payload written back otherwise. */
    private String payloadJson(IncomingDelivery delivery) {
        if (delivery.payloadText() != null) {
            return delivery.payloadText();
        }
        try {
            return mapper.writeValueAsString(delivery.payload());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a parsed payload could not be written back as JSON", e);
        }
    }

    /** Removes the parked object of a delivery that was not accepted (duplicate or failure); never throws. */
    public void discardIfParked(Object body) {
        if (body instanceof PendingDelivery pending && pending.payloadRef() != null) {
            try {
                store.delete(pending.payloadRef());
            } catch (RuntimeException e) {
                // left for the orphan sweep of storage-prune
                LOG.warn("could not remove parked payload {}: {}", pending.payloadRef(), e.toString());
            }
        }
    }
}
