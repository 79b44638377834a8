package dev.webhooker.delivery;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import io.micrometer.tracing.Span;
import io.micrometer.tracing.TraceContext;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.slf4j.MDC;

/**
 * One trace per delivery, from the webhook to every platform call (Micrometer Tracing; spans are exported
 * only where an exporter is configured). Ingress opens a {@code webhook} span, child of the request's trace
 * when there is one, and the delivery row keeps its W3C {@code traceparent}; the engine continues it in a
 * {@code delivery} span whenever it works on the delivery, on whichever instance. While it does, the trace id
 * is in the logging context ({@code traceId}) and the platform clients send the span as {@code traceparent}.
 */
public final class DeliveryTracing {

    public static final String HEADER = "traceparent";
    public static final String MDC_KEY = "traceId";

    private static final Pattern TRACE_PARENT = Pattern.compile("00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}");
    /** The traceparent of the delivery span this thread works for (copied to the target-send threads). */
    private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

    private final Tracer tracer;
    private final Propagator propagator;

    public DeliveryTracing(Tracer tracer, Propagator propagator) {
        this.tracer = tracer;
        this.propagator = propagator;
    }

    /** Traces nothing (tests of the engine alone). */
    public static DeliveryTracing none() {
        return new DeliveryTracing(Tracer.NOOP, Propagator.NOOP);
    }

    /** A webhook's span, open until its answer; null when tracing is off. */
    public Span startWebhook() {
        Span span = tracer.nextSpan().name("webhook").start();
        String traceId = span.context().traceId();
        if (traceId == null || traceId.isEmpty()) {
            return null;
        }
        MDC.put(MDC_KEY, traceId);
        return span;
    }

    /** The W3C traceparent of a span (what the delivery row keeps); null without one. */
    public String traceParent(Span span) {
        return span == null ? null : traceParent(span.context());
    }

    /** A webhook's answer is sent: its span ends, and its trace id leaves the logging context. */
    public static void endWebhook(Span span) {
        if (span != null) {
            span.end();
        }
        MDC.remove(MDC_KEY);
    }

    /** Work on one delivery, in a span of its trace (a new trace for a row written without one). */
    public Scope continueDelivery(String traceParent) {
        Span span = traceParent != null && TRACE_PARENT.matcher(traceParent).matches()
                ? propagator.extract(Map.of(HEADER, traceParent), Map::get).name("delivery").start()
                : tracer.nextSpan().name("delivery").start();
        String header = traceParent(span.context());
        if (header == null) {
            return () -> { };
        }
        CURRENT.set(header);
        MDC.put(MDC_KEY, span.context().traceId());
        return () -> {
            span.end();
            CURRENT.remove();
            MDC.remove(MDC_KEY);
        };
    }

    /** The {@code traceparent} a platform call made on this thread sends, if it works for a delivery. */
    public static Optional<String> currentHeader() {
        return Optional.ofNullable(CURRENT.get());
    }

    /** A platform request's {@code headers}, with the delivery's {@code traceparent} when this thread works for one. */
    public static Map<String, String> traced(Map<String, String> headers) {
        String header = CURRENT.get();
        if (header == null) {
            return headers;
        }
        Map<String, String> traced = new LinkedHashMap<>(headers);
        traced.put(HEADER, header);
        return traced;
    }

    /** {@code task} on this thread with the delivery's {@code traceparent} {@code header} (none when null). */
    static void runWith(String header, Runnable task) {
        String before = CURRENT.get();
        set(header);
        try {
            task.run();
        } finally {
            set(before);
        }
    }

    private static void set(String header) {
        if (header == null) {
            CURRENT.remove();
        } else {
            CURRENT.set(header);
        }
    }

    private String traceParent(TraceContext context) {
        if (context == null || context.traceId() == null || context.traceId().isEmpty()) {
            return null;
        }
        Map<String, String> carrier = new HashMap<>();
        propagator.inject(context, carrier, Map::put);
        return carrier.get(HEADER);
    }

    /** The end of the work on a delivery: its span ends and its trace leaves this thread. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}
