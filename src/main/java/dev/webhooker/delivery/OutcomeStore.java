package dev.webhooker.delivery;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.transaction.TransactionException;

/**
 * Commits a target's outcome with its send_logs rows and its failure streak ({@link TargetHealth}), as soon as its
 * platform call has returned. When the database is
 * away for a moment, the commit is tried again while the worker still holds the delivery's lease (three quarters of
 * it, counted from the attempt's start): given up, the target would be due again and sent a second time.
 */
final class OutcomeStore {

    private static final Logger LOG = LoggerFactory.getLogger(OutcomeStore.class);

    private final DeliveryTargets targets;
    private final SendLogs sendLogs;
    private final TargetHealth health;
    private final Clock clock;

    OutcomeStore(DeliveryTargets targets, SendLogs sendLogs, TargetHealth health, Clock clock) {
        this.targets = targets;
        this.sendLogs = sendLogs;
        this.health = health;
        this.clock = clock;
    }

    /** {@code outcome} is what the attempt came to; null when the target was not tried (deferred). */
    void store(DeliveryAttempt attempt, DeliveryTarget next, List<SendLogEntry> logs, SendOutcome outcome) {
        long waitMillis = 100;
        boolean warned = false;
        while (true) {
            try {
                Instant now = clock.instant();
                Optional<TargetHealth.Status> disabled = targets.update(next, now, () -> {
                    sendLogs.append(logs);
                    return health.note(next.target(), next.targetId(), outcome, now);
                });
                disabled.ifPresent(health::disabledNow);
                if (warned) {
                    LOG.info("delivery {}: the outcome of target {} is stored after all", attempt.claim().key(), next.targetId());
                }
                return;
            } catch (DataAccessException | TransactionException e) {
                if (System.nanoTime() + waitMillis * 1_000_000 > attempt.keepStoringUntilNanos()) {
                    throw e;
                }
                if (!warned) {
                    LOG.warn("delivery {}: could not store the outcome of target {} ({}); trying again while the lease holds",
                            attempt.claim().key(), next.targetId(), e.toString());
                    warned = true;
                }
                try {
                    Thread.sleep(waitMillis);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
                waitMillis = Math.min(waitMillis * 2, 1_000);
            }
        }
    }
}
