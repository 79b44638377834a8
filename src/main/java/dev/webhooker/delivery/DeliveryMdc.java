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
     * {@code original} to run on another thread with the logging context of this one, and the delivery's trace
     * header ({@link DeliveryTracing}); the other thread's own context is back afterwards.
     */
    public static Runnable carrying(Runnable original) {
        Executor here = thisContext();
        return () -> here.execute(original);
    }

    /**
     * Runs each task at once, on the thread that hands it over, with the logging context and trace this thread has
     * now: for the steps of an asynchronous call that go on where an answer arrives. The thread's own context is back
     * afterwards.
     */
    public static Executor thisContext() {
        Map<String, String> context = MDC.getCopyOfContextMap();
        String trace = DeliveryTracing.currentHeader().orElse(null);
        return task -> {
            Map<String, String> before = MDC.getCopyOfContextMap();
            if (context == null) {
                MDC.clear();
            } else {
                MDC.setContextMap(context);
            }
            try {
                DeliveryTracing.runWith(trace, task);
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
