package dev.webhooker.delivery;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.transaction.TransactionException;

import dev.webhooker.queue.DeliveryTarget;
import dev.webhooker.queue.DeliveryTargets;
import dev.webhooker.store.GroupCommit;

/**
 * Commits a target's outcome with its send_logs rows and its failure streak ({@link TargetHealth}), as soon as its
 * platform call has returned: {@link #store} returns once it is committed.
 * <p>
 * On a delivery's first attempt the plan is not written before the sends: the first outcome's write inserts every
 * row of the plan, that outcome's row as its send left it and the others still pending. A row is then written once
 * where it used to be inserted and then updated (on the embedded database the rows written per send decide the
 * drain's speed: bench/results/2026-12-04-first-outcome.md). Until that write the delivery has no target rows; a
 * crash before it leaves the retry to plan again from the configuration of then. An attempt that ends without having
 * written its plan (the database was away) keeps it if it can ({@link #keepPlan}), so that its retry goes to the same
 * targets.
 * <p>
 * One attempt's writes go one after the other, and an outcome that arrives while another of the same attempt is being
 * written goes into the next write with every other that waits then: sends that answer together are two writes, the
 * plan with the first outcome and the others together. The writes of different workers at the same moment are one
 * merged write of the delivery's group commit: one INSERT and one UPDATE of delivery_targets and one INSERT of
 * send_logs for all of them. When the database is away for a moment, a write is tried again while the worker still
 * holds the delivery's lease (three quarters of it, counted from the attempt's start): given up, the target would be
 * due again and sent a second time.
 */
final class OutcomeStore {

    private static final Logger LOG = LoggerFactory.getLogger(OutcomeStore.class);

    /** How long a failed attempt tries to keep its plan: the group commit refuses writes for about a second after a failure. */
    private static final Duration KEEP_PLAN_FOR = Duration.ofMillis(1_500);

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

    /**
     * One write of an attempt: its outcomes and, when the plan is not stored yet, the plan's rows to insert (with those
     * outcomes applied) and the time of each.
     */
    private record Write(List<Outcome> outcomes, List<DeliveryTarget> plan, List<Instant> planTimes) {
    }

    /** Each result is, per outcome of the write, the status when that failure disabled its target. */
    private final GroupCommit.Merged<Write, List<Optional<TargetHealth.Status>>> writes = this::writeAll;

    private List<List<Optional<TargetHealth.Status>>> writeAll(List<Write> items) {
        List<DeliveryTarget> planned = items.stream().flatMap(w -> w.plan().stream()).toList();
        if (!planned.isEmpty()) {
            targets.insertAll(planned, items.stream().flatMap(w -> w.planTimes().stream()).toList());
        }
        // a write that inserts the plan has its outcomes in those rows already
        List<Outcome> updated = items.stream().filter(w -> w.plan().isEmpty()).flatMap(w -> w.outcomes().stream()).toList();
        if (!updated.isEmpty()) {
            targets.updateAll(updated.stream().map(Outcome::next).toList(), updated.stream().map(Outcome::at).toList());
        }
        sendLogs.append(items.stream().flatMap(w -> w.outcomes().stream()).flatMap(o -> o.logs().stream()).toList());
        return items.stream().map(w -> w.outcomes().stream()
                .map(o -> health.note(o.next().target(), o.next().targetId(), o.outcome(), o.at())).toList()).toList();
    }

    /**
     * The outcomes of one attempt on their way to the database. Its sends add to it in parallel; a write takes every
     * outcome that waits, under {@link #writing}, so that the attempt's writes never overlap (the plan is inserted
     * once, and the outcomes after it update its rows).
     */
    static final class Pending {
        private final ReentrantLock writing = new ReentrantLock();
        /** Guarded by this object, as is {@link #failed}. */
        private final List<Outcome> waiting = new ArrayList<>();
        /** The outcomes whose write failed for good, with its failure, for the sends that wait on them. */
        private final Map<Outcome, RuntimeException> failed = new IdentityHashMap<>();
        /** Whether the attempt's plan is in delivery_targets; set under {@link #writing}. */
        private volatile boolean planStored;

        /** The plan was read from the database (a retry): the attempt's outcomes update its rows. */
        void planRead() {
            planStored = true;
        }
    }

    /**
     * Commits the target's outcome ({@code outcome} null when it was not tried: deferred), with every other of the
     * attempt that waits by then, and returns once it is committed.
     */
    void store(DeliveryAttempt attempt, DeliveryTarget next, List<SendLogEntry> logs, SendOutcome outcome) {
        Pending pending = attempt.pendingOutcomes();
        Outcome mine = new Outcome(next, logs, outcome, clock.instant());
        synchronized (pending) {
            pending.waiting.add(mine);
        }
        pending.writing.lock();
        try {
            List<Outcome> taken;
            synchronized (pending) {
                if (!pending.waiting.contains(mine)) {
                    // the write before took it along
                    RuntimeException failure = pending.failed.remove(mine);
                    if (failure != null) {
                        throw failure;
                    }
                    return;
                }
                taken = List.copyOf(pending.waiting);
                pending.waiting.clear();
            }
            try {
                List<Optional<TargetHealth.Status>> disabled = storeWhileLeaseHolds(attempt, write(attempt, pending, taken));
                pending.planStored = true;
                disabled.forEach(status -> status.ifPresent(health::disabledNow));
            } catch (RuntimeException e) {
                synchronized (pending) {
                    taken.stream().filter(o -> o != mine).forEach(o -> pending.failed.put(o, e));
                }
                throw e;
            }
        } finally {
            pending.writing.unlock();
        }
    }

    /** The outcomes as a write: with the whole plan to insert, each row that has an outcome here as it left it. */
    private Write write(DeliveryAttempt attempt, Pending pending, List<Outcome> outcomes) {
        if (pending.planStored) {
            return new Write(outcomes, List.of(), List.of());
        }
        Map<Integer, Outcome> byPosition = new HashMap<>();
        outcomes.forEach(o -> byPosition.put(o.next().position(), o));
        Instant first = outcomes.get(0).at();
        List<DeliveryTarget> rows = new ArrayList<>(attempt.plan().size());
        List<Instant> times = new ArrayList<>(attempt.plan().size());
        for (DeliveryTarget row : attempt.plan()) {
            Outcome outcome = byPosition.get(row.position());
            rows.add(outcome == null ? row : outcome.next());
            times.add(outcome == null ? first : outcome.at());
        }
        return new Write(outcomes, rows, times);
    }

    private List<Optional<TargetHealth.Status>> storeWhileLeaseHolds(DeliveryAttempt attempt, Write write) {
        long waitMillis = 100;
        boolean warned = false;
        while (true) {
            try {
                List<Optional<TargetHealth.Status>> disabled = targets.write(writes, write);
                if (warned) {
                    LOG.info("delivery {}: the outcome of target(s) {} is stored after all", attempt.claim().key(),
                            targetIds(write));
                }
                return disabled;
            } catch (DuplicateKeyException e) {
                // another worker stored a plan for the delivery first: its lease ran out, and the delivery is theirs
                throw new LeaseLostException();
            } catch (DataAccessException | TransactionException e) {
                if (System.nanoTime() + waitMillis * 1_000_000 > attempt.keepStoringUntilNanos()) {
                    throw e;
                }
                if (!warned) {
                    LOG.warn("delivery {}: could not store the outcome of target(s) {} ({}); trying again while the lease holds",
                            attempt.claim().key(), targetIds(write), e.toString());
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

    private static List<String> targetIds(Write write) {
        return write.outcomes().stream().map(o -> o.next().targetId()).toList();
    }

    /**
     * After a failure that ends the attempt: stores the plan as it was, when no outcome of the attempt stored it, so that
     * the retry sends to the same targets. Tried for {@link #KEEP_PLAN_FOR}; given up, the retry plans anew.
     */
    void keepPlan(DeliveryAttempt attempt) {
        Pending pending = attempt.pendingOutcomes();
        pending.writing.lock();
        try {
            if (pending.planStored || attempt.plan().isEmpty()) {
                return;
            }
            long giveUpAt = System.nanoTime() + KEEP_PLAN_FOR.toNanos();
            long waitMillis = 200;
            while (true) {
                try {
                    targets.savePlan(attempt.claim().key(), attempt.plan());
                    pending.planStored = true;
                    return;
                } catch (DataAccessException | TransactionException e) {
                    if (System.nanoTime() + waitMillis * 1_000_000 > giveUpAt) {
                        LOG.warn("delivery {}: could not store its plan ({}); the retry plans anew", attempt.claim().key(),
                                e.toString());
                        return;
                    }
                    Thread.sleep(waitMillis);
                    waitMillis *= 2;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            pending.writing.unlock();
        }
    }
}
