package dev.webhooker.delivery;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.transaction.TransactionException;

import dev.webhooker.queue.DeliveryTarget;
import dev.webhooker.queue.DeliveryTargets;
import dev.webhooker.store.GroupCommit;

/**
 * Commits a target's outcome with its send_logs rows and its failure streak ({@link TargetHealth}), as soon as its
 * platform call has returned. The outcomes that workers store at the same moment are one merged write of the
 * delivery's group commit: one UPDATE of delivery_targets and one INSERT of send_logs for all of them. When the database is
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

    /** One target's outcome to commit: its new row, its send_logs rows, what the attempt came to (null: not tried). */
    private record Outcome(DeliveryTarget next, List<SendLogEntry> logs, SendOutcome outcome, Instant at) {
    }

    /** Each result is the status when that failure disabled its target. */
    private final GroupCommit.Merged<Outcome, Optional<TargetHealth.Status>> writes = this::writeAll;

    private List<Optional<TargetHealth.Status>> writeAll(List<Outcome> outcomes) {
        targets.updateAll(outcomes.stream().map(Outcome::next).toList(), outcomes.stream().map(Outcome::at).toList());
        sendLogs.append(outcomes.stream().flatMap(o -> o.logs().stream()).toList());
        return outcomes.stream().map(o -> health.note(o.next().target(), o.next().targetId(), o.outcome(), o.at())).toList();
    }

    /** {@code outcome} is what the attempt came to; null when the target was not tried (deferred). */
    void store(DeliveryAttempt attempt, DeliveryTarget next, List<SendLogEntry> logs, SendOutcome outcome) {
        long waitMillis = 100;
        boolean warned = false;
        while (true) {
            try {
                Instant now = clock.instant();
                Optional<TargetHealth.Status> disabled = targets.write(writes, new Outcome(next, logs, outcome, now));
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
