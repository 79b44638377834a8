package dev.webhooker.delivery;

import java.util.Map;
import java.util.concurrent.Executor;

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
     * {@code executor} running each task with the logging context of the thread that handed it over, and the
     * delivery's trace header ({@link DeliveryTracing}).
     */
    static Executor propagating(Executor executor) {
        return original -> {
            Map<String, String> context = MDC.getCopyOfContextMap();
            Runnable task = DeliveryTracing.carrying(original);
            executor.execute(() -> {
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
            });
        };
    }
}
