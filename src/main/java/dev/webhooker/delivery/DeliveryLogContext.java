package dev.webhooker.delivery;

import java.util.Map;

import ch.qos.logback.classic.pattern.ClassicConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;

/**
 * {@code %deliveryContext} in the log pattern (logback-spring.xml, {@code logging.pattern.correlation}): the
 * delivery a line is about and its trace, as {@code [delivery …] [trace …] }, and nothing on other lines. Two
 * {@code %replace} conversions did the same with a regular expression per line each, which cost ingest throughput
 * (bench/results/2026-12-01-operations.md); this reads the two logging-context values and appends them.
 */
public final class DeliveryLogContext extends ClassicConverter {

    @Override
    public String convert(ILoggingEvent event) {
        Map<String, String> context = event.getMDCPropertyMap();
        if (context == null || context.isEmpty()) {
            return "";
        }
        String delivery = context.get(DeliveryMdc.KEY);
        String trace = context.get(DeliveryTracing.MDC_KEY);
        boolean hasDelivery = delivery != null && !delivery.isEmpty();
        boolean hasTrace = trace != null && !trace.isEmpty();
        if (!hasDelivery && !hasTrace) {
            return "";
        }
        StringBuilder line = new StringBuilder(96);
        if (hasDelivery) {
            line.append("[delivery ").append(delivery).append("] ");
        }
        if (hasTrace) {
            line.append("[trace ").append(trace).append("] ");
        }
        return line.toString();
    }
}
