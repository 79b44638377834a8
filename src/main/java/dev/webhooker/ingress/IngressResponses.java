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
 * The answers to a webhook, with their status codes: accepted, re-opened, duplicate, or the failure the route caught
 * ({@link IngressErrors} decides that answer). Each answer is counted, and ends the request, so it also takes the
 * delivery id out of the logging context ({@link IngressLog}).
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

    /**
     * The answer to the failure the route caught, as {@link IngressErrors} decides it: logged while the logging
     * context still names the delivery, counted, then the request ends.
     */
    public Map<String, Object> failed(Exchange exchange) {
        Throwable caught = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class);
        IngressErrors.Answer answer = IngressErrors.answer(caught);
        if (answer.logStackTrace()) {
            LOG.error(answer.logLine(), caught);
        } else if (answer.logLine() != null) {
            LOG.error(answer.logLine());
        }
        if (answer.rejection() != null) {
            meters.rejected(answer.rejection(), startedAt(exchange));
        } else {
            meters.answered(null, answer.outcome(), startedAt(exchange));
        }
        finish(exchange);
        exchange.getMessage().setHeader(Exchange.HTTP_RESPONSE_CODE, answer.status());
        answer.headers().forEach(exchange.getMessage()::setHeader);
        return answer.body();
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
