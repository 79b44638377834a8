package dev.webhooker.delivery;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bridge the delivery route calls: claims as many due deliveries as this instance has free
 * workers (so a claimed delivery never waits long for a worker while its lease runs), and runs one
 * claimed delivery on a worker.
 */
public class DeliveryPoller {

    private static final Logger LOG = LoggerFactory.getLogger(DeliveryPoller.class);

    private final DeliveryQueue queue;
    private final DeliveryProcessor processor;
    private final DeliveryWakeUp wakeUp;
    private final DeliveryProperties settings;
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile boolean moreMayBeDue;

    public DeliveryPoller(DeliveryQueue queue, DeliveryProcessor processor, DeliveryWakeUp wakeUp,
                          DeliveryProperties settings) {
        this.queue = queue;
        this.processor = processor;
        this.wakeUp = wakeUp;
        this.settings = settings;
    }

    public List<ClaimedDelivery> claimDue() {
        int free = settings.workers() - inFlight.get();
        if (free <= 0) {
            moreMayBeDue = true;
            return List.of();
        }
        try {
            List<ClaimedDelivery> claimed = queue.claimDue(free, settings.lease());
            inFlight.addAndGet(claimed.size());
            moreMayBeDue = claimed.size() == free;
            return claimed;
        } catch (RuntimeException e) {
            LOG.warn("could not claim deliveries: {}", e.toString());
            return List.of();
        }
    }

    public void process(ClaimedDelivery delivery) {
        try {
            processor.process(delivery);
        } finally {
            inFlight.decrementAndGet();
            if (moreMayBeDue) {
                wakeUp.signal();
            }
        }
    }

    public int inFlight() {
        return inFlight.get();
    }
}
