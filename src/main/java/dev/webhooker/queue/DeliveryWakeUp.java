package dev.webhooker.queue;

import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Wakes this instance's delivery poller at once when ingress has committed a new delivery (or a
 * worker has freed a slot while work may be waiting), so new work starts without waiting for the
 * next poll. On PostgreSQL, other instances' new deliveries signal it too ({@link DueWorkListener}); whatever no
 * signal announced is found by polling. Signals coalesce: many signals, one wake-up.
 */
public class DeliveryWakeUp {

    private final BlockingQueue<Boolean> pending = new ArrayBlockingQueue<>(1);
    private final Duration pollInterval;

    public DeliveryWakeUp(Duration pollInterval) {
        this.pollInterval = pollInterval;
    }

    public void signal() {
        pending.offer(Boolean.TRUE);
    }

    /** Returns when signalled or after the poll interval, whichever comes first. */
    public void awaitWork() {
        try {
            pending.poll(pollInterval.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
