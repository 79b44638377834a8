package dev.webhooker.queue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The claims of the delivery routes: claims as many due deliveries as this instance has free
 * workers (so a claimed delivery never waits long for a worker while its lease runs), and counts the
 * workers busy with one. At shutdown ({@link #stop}) it claims nothing more and gives back the claims
 * no worker has started, so another instance takes them at once instead of after the lease; deliveries a
 * worker is running finish (within the shutdown timeout) or, if cut off, are taken over when their lease ends.
 */
public class DeliveryPoller {

    private static final Logger LOG = LoggerFactory.getLogger(DeliveryPoller.class);

    private final DeliveryQueue queue;
    private final DeliveryWakeUp wakeUp;
    private final int workers;
    private final Duration lease;
    private final AtomicInteger inFlight = new AtomicInteger();
    /** Claimed and handed to the work queue, not yet started by a worker; by lock token. */
    private final Map<String, ClaimedDelivery> waiting = new ConcurrentHashMap<>();
    private volatile boolean moreMayBeDue;
    private volatile boolean stopping;

    /** {@code workers}: the deliveries this instance runs at once; {@code lease}: how long each claim is held. */
    public DeliveryPoller(DeliveryQueue queue, DeliveryWakeUp wakeUp, int workers, Duration lease) {
        this.queue = queue;
        this.wakeUp = wakeUp;
        this.workers = workers;
        this.lease = lease;
    }

    public List<ClaimedDelivery> claimDue() {
        if (stopping) {
            return List.of();
        }
        int free = workers - inFlight.get();
        if (free <= 0) {
            moreMayBeDue = true;
            return List.of();
        }
        try {
            List<ClaimedDelivery> claimed = queue.claimDue(free, lease);
            inFlight.addAndGet(claimed.size());
            claimed.forEach(c -> waiting.put(c.lockToken(), c));
            moreMayBeDue = claimed.size() == free;
            return claimed;
        } catch (RuntimeException e) {
            LOG.warn("could not claim deliveries: {}", e.toString());
            return List.of();
        }
    }

    /**
     * A worker takes a claim: false when it was given back at shutdown meanwhile (another instance may already have
     * it). {@link #run} follows every claim handed over with {@link #finished}, run or not.
     */
    private boolean start(ClaimedDelivery delivery) {
        return waiting.remove(delivery.lockToken()) != null;
    }

    /**
     * Runs {@code work} on a claim a worker has taken, unless the claim was given back at shutdown meanwhile (another
     * instance may have it then); the worker is counted free again either way. False when it did not run.
     */
    public boolean run(ClaimedDelivery delivery, java.util.function.Consumer<ClaimedDelivery> work) {
        try {
            if (!start(delivery)) {
                return false;
            }
            work.accept(delivery);
            return true;
        } finally {
            finished();
        }
    }

    /**
     * A worker is free again. When the last claim was cut short by the free workers, it looks for more at once, as
     * soon as a quarter of the workers are free: through a backlog, a claim per finished delivery was a statement and
     * a commit per delivery, for one row each.
     */
    private void finished() {
        int busy = inFlight.decrementAndGet();
        if (moreMayBeDue && workers - busy >= claimBatch()) {
            wakeUp.signal();
        }
    }

    private int claimBatch() {
        return Math.max(1, workers / 4);
    }

    public int inFlight() {
        return inFlight.get();
    }

    /** Whether {@link #stop} was called: no claim is made from then on. */
    boolean isStopping() {
        return stopping;
    }

    /**
     * No more claims; the claims no worker has started go back to the queue. Called when the application
     * starts to shut down, and again once the routes have stopped (for what was still queued then). Returns how
     * many were given back.
     */
    public int stop() {
        stopping = true;
        int given = 0;
        for (String token : List.copyOf(waiting.keySet())) {
            ClaimedDelivery claim = waiting.remove(token);
            if (claim == null) {
                continue; // a worker started it just now
            }
            try {
                if (queue.giveBack(claim)) {
                    given++;
                }
            } catch (RuntimeException e) {
                LOG.warn("delivery {}: could not give the claim back ({}); another instance takes it when the lease ends",
                        claim.key(), e.toString());
            }
        }
        if (given > 0) {
            LOG.info("shutting down: {} claimed deliveries no worker had started are back in the queue", given);
        }
        return given;
    }
}
