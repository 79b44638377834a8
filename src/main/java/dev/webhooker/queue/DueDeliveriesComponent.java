package dev.webhooker.queue;

import java.util.Map;

import org.apache.camel.Consumer;
import org.apache.camel.Endpoint;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.support.DefaultComponent;
import org.apache.camel.support.DefaultEndpoint;

/**
 * The queue as a Camel consumer ({@code delivery-queue:due}): each due delivery it claims is one exchange, its body
 * the {@link ClaimedDelivery}, run on one of {@code workers} threads. The consumer owns the wake-ups (a signal, or
 * the poll interval), the back-pressure (it never claims more than the workers that are free) and the hand-back at
 * shutdown (claims no worker has started go back to the queue at once). It only consumes: there is no producer.
 */
public class DueDeliveriesComponent extends DefaultComponent {

    private final DeliveryPoller poller;
    private final DeliveryWakeUp wakeUp;
    private final int workers;

    public DueDeliveriesComponent(DeliveryPoller poller, DeliveryWakeUp wakeUp, int workers) {
        if (workers <= 0) {
            throw new IllegalArgumentException("workers must be positive, got " + workers);
        }
        this.poller = poller;
        this.wakeUp = wakeUp;
        this.workers = workers;
    }

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) {
        if (!"due".equals(remaining)) {
            throw new IllegalArgumentException("the delivery queue has one endpoint, delivery-queue:due; got " + uri);
        }
        return new DueDeliveriesEndpoint(uri, this);
    }

    private static final class DueDeliveriesEndpoint extends DefaultEndpoint {

        private final DueDeliveriesComponent queue;

        DueDeliveriesEndpoint(String uri, DueDeliveriesComponent queue) {
            super(uri, queue);
            this.queue = queue;
        }

        @Override
        public Producer createProducer() {
            throw new UnsupportedOperationException("delivery-queue:due is consumed; deliveries are enqueued by the ingress");
        }

        @Override
        public Consumer createConsumer(Processor processor) throws Exception {
            Consumer consumer = new DueDeliveriesConsumer(this, processor, queue.poller, queue.wakeUp, queue.workers);
            configureConsumer(consumer);
            return consumer;
        }
    }
}
