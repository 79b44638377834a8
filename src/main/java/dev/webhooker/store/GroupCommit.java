package dev.webhooker.store;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Group commit: many threads' small transactions are run in one database transaction and committed
 * together. A commit is the expensive part of a small write (H2 writes a chunk to its file under one
 * store lock, PostgreSQL flushes its WAL), so under load one commit for a batch of N units costs about what
 * one unit alone did.
 * <p>
 * {@link #execute} returns only after the unit's writes are committed (or throws when they are not), so
 * a caller's guarantees are those of its own transaction. Units must only touch the database through
 * the DataSource of the transaction manager (they then join the batch's transaction) and must be safe to
 * run twice: when any unit of a batch throws, or the commit fails, the batch is rolled back and every unit
 * is run again alone in its own transaction, so one bad unit fails alone (unless no transaction could be
 * begun at all, the database being unreachable: then every unit fails at once, and for about a second after,
 * batches fail at once too, without waiting for a connection, see {@link OutageBreaker}). Units of one batch see each
 * other's writes (as consecutive transactions would) and must not mark the transaction rollback-only;
 * a unit that may have to undo part of its writes does it under a savepoint.
 * <p>
 * Merged writes ({@link #write}): a unit may instead be an item of a kind of write ({@link Merged}, an outcome row
 * say). A batch hands every item of one kind to that kind at once, so the items of all callers go to the database as
 * one statement per table rather than one per caller: on PostgreSQL each statement is a round trip, parsed and
 * planned, however small its transaction. A batch runs its plain units first, then each kind's items.
 * <p>
 * No extra thread: a caller that finds a free batch slot becomes the leader, takes every unit waiting
 * (up to {@code maxBatch}), runs them and completes them; the others wait for theirs. The leader then
 * hands over to the oldest caller still waiting, whose unit leads the next batch. {@code concurrentBatches}
 * batches run at once, each on its own connection: with one, a single thread would run every caller's
 * statements while the other cores idle (measured: bench/results/2026-11-29-e.md).
 */
public final class GroupCommit {

    private static final Logger LOG = LoggerFactory.getLogger(GroupCommit.class);

    private static final long PARK_NANOS = 5_000_000;

    private final TransactionTemplate transactions;
    private final Semaphore slots;
    private final int maxBatch;
    private final ConcurrentLinkedQueue<Unit<?>> waiting = new ConcurrentLinkedQueue<>();
    private final OutageBreaker breaker = new OutageBreaker(Clock.systemUTC(), Duration.ofSeconds(1));

    public GroupCommit(PlatformTransactionManager transactionManager, int concurrentBatches, int maxBatch) {
        if (concurrentBatches < 1 || maxBatch < 1) {
            throw new IllegalArgumentException("concurrentBatches and maxBatch must be at least 1");
        }
        this.transactions = new TransactionTemplate(transactionManager);
        this.slots = new Semaphore(concurrentBatches);
        this.maxBatch = maxBatch;
    }

    /**
     * A kind of write whose items a batch writes together. Like any unit, it may run twice (the items again, alone or
     * with others) and must not mark the transaction rollback-only.
     */
    @FunctionalInterface
    public interface Merged<T, R> {

        /** Writes every item inside the current transaction; one result per item, in the items' order. */
        List<R> writeAll(List<T> items);
    }

    /** Runs {@code work} in a transaction (possibly shared with other callers' work) and returns once committed. */
    public <T> T execute(Supplier<T> work) {
        if (TransactionSynchronizationManager.isActualTransactionActive()) {
            return work.get(); // called from inside a transaction (a unit, say): it joins that one
        }
        return await(new Unit<>(work, null, null, Thread.currentThread()));
    }

    /**
     * Writes {@code item} with the other items of its kind that wait now, in one transaction, and returns its result
     * once committed.
     */
    @SuppressWarnings("unchecked")
    public <T, R> R write(Merged<T, R> kind, T item) {
        Supplier<R> alone = () -> only(kind.writeAll(List.of(item)));
        if (TransactionSynchronizationManager.isActualTransactionActive()) {
            return alone.get();
        }
        return await(new Unit<>(alone, (Merged<Object, Object>) kind, item, Thread.currentThread()));
    }

    private static <R> R only(List<R> results) {
        if (results.size() != 1) {
            throw new IllegalStateException("a merged write gave " + results.size() + " results for one item");
        }
        return results.get(0);
    }

    private <T> T await(Unit<T> unit) {
        waiting.add(unit);
        boolean interrupted = false;
        while (!unit.result.isDone()) {
            if (!unit.taken && slots.tryAcquire()) {
                try {
                    List<Unit<?>> batch = takeBatch();
                    if (!batch.isEmpty()) {
                        run(batch);
                    }
                } finally {
                    slots.release();
                }
                // hand over: the oldest waiting caller leads the next batch (what waited meanwhile)
                Unit<?> next = waiting.peek();
                if (next != null) {
                    LockSupport.unpark(next.owner);
                }
            } else {
                // woken by the completion of its unit or by a hand-over; the timeout is only a safety net
                LockSupport.parkNanos(this, PARK_NANOS);
                // the unit cannot be abandoned (it may be committing): keep waiting, restore the flag after
                interrupted |= Thread.interrupted();
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return unit.await();
    }

    /** Units waiting for a leader (tests wait on it to line up a batch). */
    int waitingUnits() {
        return waiting.size();
    }

    private List<Unit<?>> takeBatch() {
        List<Unit<?>> batch = new ArrayList<>();
        Unit<?> next;
        while (batch.size() < maxBatch && (next = waiting.poll()) != null) {
            next.taken = true;
            batch.add(next);
        }
        return batch;
    }

    private void run(List<Unit<?>> batch) {
        if (!breaker.allow()) {
            CannotCreateTransactionException down = new CannotCreateTransactionException(
                    "the database was unreachable moments ago; it is tried again about once a second");
            batch.forEach(unit -> unit.fail(down));
            return;
        }
        try {
            runAllowed(batch);
            breaker.succeeded();
        } catch (CannotCreateTransactionException unreachable) {
            breaker.failed(unreachable);
            batch.forEach(unit -> unit.fail(unreachable));
        }
    }

    private void runAllowed(List<Unit<?>> batch) {
        if (batch.size() > 1) {
            try {
                List<Object> results = transactions.execute(status -> runTogether(batch));
                for (int i = 0; i < batch.size(); i++) {
                    batch.get(i).complete(results.get(i));
                }
                return;
            } catch (CannotCreateTransactionException unreachable) {
                // no connection: not a unit's fault, and running each alone would wait that long once per unit
                throw unreachable;
            } catch (RuntimeException | Error together) {
                // rolled back: find out alone which unit it was, the others commit
                LOG.debug("a batch of {} rolled back ({}); running its units one by one", batch.size(), together.toString());
            }
        }
        for (Unit<?> unit : batch) {
            try {
                unit.complete(transactions.execute(status -> unit.work.get()));
            } catch (CannotCreateTransactionException unreachable) {
                throw unreachable;
            } catch (RuntimeException | Error alone) {
                unit.fail(alone);
            }
        }
    }

    /** The batch's plain units in order, then the items of each merged kind at once; the results in the units' order. */
    private static List<Object> runTogether(List<Unit<?>> batch) {
        Object[] values = new Object[batch.size()];
        Map<Merged<Object, Object>, List<Integer>> kinds = new IdentityHashMap<>();
        for (int i = 0; i < batch.size(); i++) {
            Unit<?> unit = batch.get(i);
            if (unit.kind == null) {
                values[i] = unit.work.get();
            } else {
                kinds.computeIfAbsent(unit.kind, k -> new ArrayList<>()).add(i);
            }
        }
        kinds.forEach((kind, positions) -> {
            List<Object> results = kind.writeAll(positions.stream().map(i -> batch.get(i).item).toList());
            if (results.size() != positions.size()) {
                throw new IllegalStateException("a merged write gave " + results.size() + " results for " + positions.size() + " items");
            }
            for (int j = 0; j < positions.size(); j++) {
                values[positions.get(j)] = results.get(j);
            }
        });
        return Arrays.asList(values);
    }

    private static final class Unit<T> {
        /** The unit alone: its work, or its item written by its kind. */
        final Supplier<T> work;
        /** Null for a plain unit. */
        final Merged<Object, Object> kind;
        final Object item;
        final Thread owner;
        final CompletableFuture<T> result = new CompletableFuture<>();
        /** Set by the leader that took it: its owner then only waits for the result. */
        volatile boolean taken;

        Unit(Supplier<T> work, Merged<Object, Object> kind, Object item, Thread owner) {
            this.work = work;
            this.kind = kind;
            this.item = item;
            this.owner = owner;
        }

        @SuppressWarnings("unchecked")
        void complete(Object value) {
            result.complete((T) value);
            LockSupport.unpark(owner);
        }

        void fail(Throwable error) {
            result.completeExceptionally(error);
            LockSupport.unpark(owner);
        }

        T await() {
            try {
                return result.getNow(null);
            } catch (CompletionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof RuntimeException runtime) {
                    throw runtime;
                }
                if (cause instanceof Error error) {
                    throw error;
                }
                throw new IllegalStateException(cause);
            }
        }
    }
}
