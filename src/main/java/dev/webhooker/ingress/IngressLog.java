package dev.webhooker.ingress;

import org.apache.camel.Exchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.delivery.DeliveryMdc;
import dev.webhooker.delivery.DeliveryTracing;

/**
 * The log of the front door: one INFO line per webhook answered 200 — what it is, where it came in and
 * which routes selected it, or the first reason none did — with the delivery id in the logging context
 * from the moment it is known. Never a secret or a body.
 */
public final class IngressLog {

    /** Exchange properties: the webhook's open span, and its traceparent for the delivery row. */
    static final String TRACE_SPAN = "webhookerTraceSpan";
    static final String TRACE_PARENT = "webhookerTraceParent";

    private static final Logger LOG = LoggerFactory.getLogger(IngressLog.class);

    private final DeliveryTracing tracing;

    public IngressLog(DeliveryTracing tracing) {
        this.tracing = tracing;
    }

    /**
     * Puts the delivery id, and the trace id of the webhook's new span, into the logging context;
     * {@link IngressResponses} ends the span and clears both with the answer.
     */
    public IncomingDelivery identify(IncomingDelivery delivery, Exchange exchange) {
        DeliveryMdc.put(delivery.deliveryId());
        var span = tracing.startWebhook();
        if (span != null) {
            exchange.setProperty(TRACE_SPAN, span);
            exchange.setProperty(TRACE_PARENT, tracing.traceParent(span));
        }
        return delivery;
    }

    public void accepted(PendingDelivery pending) {
        IncomingDelivery d = pending.delivery();
        RouteDecision decision = pending.decision();
        if (decision == null) {
            LOG.info("Accepted {} {} {} on {}", d.provider().wireName(), d.event(), d.deliveryId(), endpoint(d));
        } else if (decision.routed()) {
            LOG.info("Accepted {} {} {} on {}: routes {}", d.provider().wireName(), d.event(), d.deliveryId(), endpoint(d),
                    String.join(", ", decision.routes()));
        } else {
            LOG.info("Accepted {} {} {} on {}: no route selected it, nothing is sent ({})", d.provider().wireName(), d.event(),
                    d.deliveryId(), endpoint(d), decision.whyNone());
        }
    }

    public void reopened(PendingDelivery pending) {
        IncomingDelivery d = pending.delivery();
        LOG.info("Redelivery {} {} {} on {}: it had ended undelivered, its failed and dead targets are sent again",
                d.provider().wireName(), d.event(), d.deliveryId(), endpoint(d));
    }

    public void duplicate(PendingDelivery pending) {
        IncomingDelivery d = pending.delivery();
        LOG.info("Duplicate {} {} {} on {}: accepted before, not delivered again", d.provider().wireName(), d.event(),
                d.deliveryId(), endpoint(d));
    }

    private static String endpoint(IncomingDelivery d) {
        return d.groupId() == null ? "/webhook" : "/webhook/" + d.groupId();
    }
}
