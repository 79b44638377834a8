package dev.webhooker.ingress;

import java.util.LinkedHashMap;
import java.util.Map;

import io.micrometer.tracing.Span;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.delivery.DeliveryMdc;
import dev.webhooker.delivery.DeliveryTracing;

/**
 * The response bodies of spec §1.10 and issue 03, with their status codes. Nothing from an
 * exception's stack or an internal message reaches the sender except a rejection's detail. Each answer
 * ends the request, so it also takes the delivery id out of the logging context ({@link IngressLog}).
 */
public final class IngressResponses {

    private static final Logger LOG = LoggerFactory.getLogger(IngressResponses.class);

    private final IngressMeters meters;

    public IngressResponses(IngressMeters meters) {
        this.meters = meters;
    }

    public Map<String, Object> accepted(PendingDelivery pending, Message message) {
        meters.answered(pending.delivery().provider(), "accepted", startedAt(message.getExchange()));
        if (pending.payloadRef() != null) {
            meters.parked(pending.delivery().bodyBytes());
        }
        return ok(pending, message);
    }

    /** A redelivery that re-opened the failed targets of an earlier copy: accepted, with that said. */
    public Map<String, Object> reopened(PendingDelivery pending, Message message) {
        meters.answered(pending.delivery().provider(), "reopened", startedAt(message.getExchange()));
        Map<String, Object> body = ok(pending, message);
        body.put("reopened", true);
        return body;
    }

    private static Map<String, Object> ok(PendingDelivery pending, Message message) {
        finish(message.getExchange());
        message.setHeader(Exchange.HTTP_RESPONSE_CODE, 200);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("ok", true);
        body.put("deliveryId", pending.delivery().deliveryId());
        return body;
    }

    public Map<String, Object> duplicate(Message message) {
        meters.answered(message.getBody() instanceof PendingDelivery pending ? pending.delivery().provider() : null, "duplicate",
                startedAt(message.getExchange()));
        finish(message.getExchange());
        message.setHeader(Exchange.HTTP_RESPONSE_CODE, 200);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("ok", true);
        body.put("duplicate", true);
        return body;
    }

    public Map<String, Object> rejected(Exchange exchange) {
        finish(exchange);
        WebhookRejectedException e = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, WebhookRejectedException.class);
        Rejection rejection = e.rejection();
        meters.rejected(rejection, startedAt(exchange));
        exchange.getMessage().setHeader(Exchange.HTTP_RESPONSE_CODE, rejection.status());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", rejection.error());
        if (e.detail() != null) {
            body.put("detail", e.detail());
        }
        return body;
    }

    public Map<String, Object> storageUnavailable(Exchange exchange) {
        Throwable cause = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class);
        LOG.error("webhook not accepted, storage unavailable: {}", cause == null ? "?" : cause.toString());
        meters.answered(null, "unavailable", startedAt(exchange));
        finish(exchange);
        exchange.getMessage().setHeader(Exchange.HTTP_RESPONSE_CODE, 503);
        exchange.getMessage().setHeader("Retry-After", "30");
        return Map.of("error", "Storage unavailable, retry later");
    }

    public Map<String, Object> unexpected(Exchange exchange) {
        Throwable cause = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class);
        LOG.error("webhook not accepted, unexpected failure", cause);
        meters.answered(null, "failed", startedAt(exchange));
        finish(exchange);
        exchange.getMessage().setHeader(Exchange.HTTP_RESPONSE_CODE, 500);
        return Map.of("error", "Internal error, retry later");
    }

    /** When the request came in: its exchange's creation. */
    private static long startedAt(Exchange exchange) {
        return exchange.getClock().getCreated();
    }

    /** The request is answered: its span ends and the logging context forgets it. */
    private static void finish(Exchange exchange) {
        DeliveryTracing.endWebhook(exchange.getProperty(IngressLog.TRACE_SPAN, Span.class));
        DeliveryMdc.clear();
    }
}
