package dev.webhooker.delivery;

import java.util.Map;

import org.slf4j.MDC;

/**
 * The delivery id in the logging context ({@code deliveryId} in the MDC), so every line written while a
 * delivery is accepted or sent names it, also on the threads that send its targets in parallel. The log
 * pattern prints it (application.yaml, {@code logging.pattern.correlation}).
 */
public final class DeliveryMdc {

    public static final String KEY = "deliveryId";

    private DeliveryMdc() {
    }

    public static void put(String deliveryId) {
        if (deliveryId == null) {
            MDC.remove(KEY);
        } else {
            MDC.put(KEY, deliveryId);
        }
    }

    public static void clear() {
        MDC.remove(KEY);
    }

    /**
     * {@code original} to run on another thread with the logging context of this one, and the delivery's trace
     * header ({@link DeliveryTracing}); the other thread's own context is back afterwards.
     */
    static Runnable carrying(Runnable original) {
        Map<String, String> context = MDC.getCopyOfContextMap();
        Runnable task = DeliveryTracing.carrying(original);
        return () -> {
            Map<String, String> before = MDC.getCopyOfContextMap();
            if (context == null) {
                MDC.clear();
            } else {
                MDC.setContextMap(context);
            }
            try {
                task.run();
            } finally {
                if (before == null) {
                    MDC.clear();
                } else {
                    MDC.setContextMap(before);
                }
            }
        };
    }
}
