package dev.webhooker.platform;

import java.util.concurrent.CompletableFuture;

import org.apache.camel.AsyncProducer;
import org.apache.camel.Exchange;
import org.slf4j.MDC;

import dev.webhooker.delivery.DeliveryMdc;

/** An asynchronous producer's {@code process}, called as a delivery's send thread calls it: with the delivery's logging context. */
public record AsyncProducerRun(boolean doneAtOnce, CompletableFuture<String> wentOn) {

    /**
     * Processes {@code exchange} with {@code deliveryId} in the logging context; {@code wentOn} completes, when the
     * exchange goes on, with the delivery id the going-on thread sees and that thread's name ({@code d-42 on http-1}).
     */
    public static AsyncProducerRun process(AsyncProducer producer, Exchange exchange, String deliveryId) {
        CompletableFuture<String> wentOn = new CompletableFuture<>();
        DeliveryMdc.put(deliveryId);
        try {
            boolean done = producer.process(exchange,
                    doneSync -> wentOn.complete(MDC.get(DeliveryMdc.KEY) + " on " + Thread.currentThread().getName()));
            return new AsyncProducerRun(done, wentOn);
        } finally {
            DeliveryMdc.clear();
        }
    }
}
