package dev.webhooker.platform;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import org.apache.camel.AsyncCallback;
import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.support.DefaultAsyncProducer;

import dev.webhooker.delivery.DeliveryMdc;

/**
 * A platform's producer whose call answers later, holding no thread while it waits. The call starts on the caller's
 * thread; its answer (a SendOutcome, never a platform's exception) becomes the body, and anything else, including
 * what the call threw before it was made (a body of the wrong type), the exchange's exception. An answer already in
 * hand (a refusal before any request) goes on on the caller's thread. Otherwise the exchange goes on where the answer
 * arrives, with the logging context and trace of the thread that asked; the route decides where the rest of its work
 * runs.
 */
public abstract class AsyncPlatformProducer extends DefaultAsyncProducer {

    protected AsyncPlatformProducer(Endpoint endpoint) {
        super(endpoint);
    }

    /** The call for the exchange, started on the caller's thread. */
    protected abstract CompletableFuture<?> call(Exchange exchange) throws Exception;

    @Override
    public final boolean process(Exchange exchange, AsyncCallback callback) {
        CompletableFuture<?> answer;
        try {
            answer = call(exchange);
        } catch (Exception e) {
            exchange.setException(e);
            callback.done(true);
            return true;
        }
        if (answer.isDone()) {
            settle(exchange, answer);
            callback.done(true);
            return true;
        }
        Runnable goOn = DeliveryMdc.carrying(() -> callback.done(false));
        answer.whenComplete((value, failure) -> {
            settle(exchange, answer);
            goOn.run();
        });
        return false;
    }

    private static void settle(Exchange exchange, CompletableFuture<?> answer) {
        try {
            exchange.getMessage().setBody(answer.join());
        } catch (CompletionException e) {
            exchange.setException(e.getCause() == null ? e : e.getCause());
        } catch (CancellationException e) {
            exchange.setException(e);
        }
    }
}
