package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class H2StoreWritesTest {

    @Test
    void callersThatArriveDuringAWriteShareTheNextOneAndReturnOnlyAfterIt() throws Exception {
        CountDownLatch firstWriteStarted = new CountDownLatch(1);
        CountDownLatch releaseFirstWrite = new CountDownLatch(1);
        AtomicInteger begun = new AtomicInteger();
        AtomicInteger finished = new AtomicInteger();
        H2StoreWrites writes = new H2StoreWrites(() -> {
            if (begun.incrementAndGet() == 1) {
                firstWriteStarted.countDown();
                await(releaseFirstWrite);
            }
            finished.incrementAndGet();
        }, Duration.ZERO);
        ExecutorService threads = Executors.newFixedThreadPool(6);
        try {
            Future<Integer> first = threads.submit(() -> {
                writes.awaitWritten(false);
                return finished.get();
            });
            assertThat(firstWriteStarted.await(5, TimeUnit.SECONDS)).isTrue();
            List<Future<Integer>> later = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                later.add(threads.submit(() -> {
                    writes.awaitWritten(false);
                    return finished.get(); // writes finished when this caller was let go
                }));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (writes.waitingCallers() < 5 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(writes.waitingCallers()).isEqualTo(5); // all five wait behind the first write

            releaseFirstWrite.countDown();

            assertThat(first.get(5, TimeUnit.SECONDS)).isGreaterThanOrEqualTo(1);
            for (Future<Integer> caller : later) {
                // their commits may have come after the first write began: only the second one carries them
                assertThat(caller.get(5, TimeUnit.SECONDS)).isEqualTo(2);
            }
            assertThat(begun.get()).isEqualTo(2);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aBackgroundCommitsWriteWaitsForTheIntervalAndCarriesTheCommitsThatArriveMeanwhile() throws Exception {
        List<Long> starts = new ArrayList<>();
        // an interval of a second: the five callers have that long to line up behind the held write
        H2StoreWrites writes = writesRecordingStarts(starts, Duration.ofSeconds(1));
        ExecutorService threads = Executors.newFixedThreadPool(5);
        try {
            writes.awaitWritten(true); // the first write: none before it, so at once
            List<Future<?>> callers = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                callers.add(threads.submit(() -> {
                    writes.awaitWritten(true);
                    return null;
                }));
            }
            for (Future<?> caller : callers) {
                caller.get(5, TimeUnit.SECONDS);
            }

            // one more write carried all five, begun no sooner than the interval after the first
            assertThat(starts).hasSize(2);
            assertThat(Duration.ofNanos(starts.get(1) - starts.get(0))).isGreaterThanOrEqualTo(Duration.ofSeconds(1))
                    .isLessThan(Duration.ofMillis(1_500));

            Thread.sleep(1_100);
            long quiet = System.nanoTime();
            writes.awaitWritten(true); // the last write is older than the interval: written at once
            assertThat(Duration.ofNanos(System.nanoTime() - quiet)).isLessThan(Duration.ofMillis(500));
            assertThat(starts).hasSize(3);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aClientsCommitNeverWaitsForTheIntervalAndCutsABackgroundWaitShort() throws Exception {
        List<Long> starts = new ArrayList<>();
        H2StoreWrites writes = writesRecordingStarts(starts, Duration.ofSeconds(3));
        ExecutorService threads = Executors.newSingleThreadExecutor();
        try {
            long started = System.nanoTime();
            writes.awaitWritten(false);
            writes.awaitWritten(false); // right after a write, and written at once all the same
            assertThat(starts).hasSize(2);

            Future<?> background = threads.submit(() -> {
                writes.awaitWritten(true); // held for the interval…
                return null;
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            while (writes.heldBackgroundWrites() < 1 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(writes.heldBackgroundWrites()).isEqualTo(1);
            assertThat(background.isDone()).isFalse();
            assertThat(starts).hasSize(2);
            writes.awaitWritten(false); // …until a client's commit comes along: one write carries both
            background.get(5, TimeUnit.SECONDS);

            assertThat(starts).hasSize(3);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
        } finally {
            threads.shutdownNow();
        }
    }

    private static H2StoreWrites writesRecordingStarts(List<Long> starts, Duration interval) {
        return new H2StoreWrites(() -> {
            synchronized (starts) {
                starts.add(System.nanoTime());
            }
        }, interval);
    }

    @Test
    void aFailedWriteFailsItsCallerAndTheNextWriteIsTriedAfresh() {
        AtomicInteger calls = new AtomicInteger();
        IllegalStateException broken = new IllegalStateException("disk full");
        H2StoreWrites writes = new H2StoreWrites(() -> {
            if (calls.incrementAndGet() == 1) {
                throw broken;
            }
        }, Duration.ZERO);

        assertThatThrownBy(() -> writes.awaitWritten(false)).isSameAs(broken);
        writes.awaitWritten(false);

        assertThat(calls.get()).isEqualTo(2);
    }

    @Test
    void anInterruptDuringTheWriteFailsItBecauseH2MayHaveReturnedBeforeWriting() {
        H2StoreWrites writes = new H2StoreWrites(() -> Thread.currentThread().interrupt(), Duration.ZERO);
        try {
            assertThatThrownBy(() -> writes.awaitWritten(false)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("may not be in it");
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void anEarlierInterruptIsKeptButDoesNotReachTheWrite() {
        AtomicInteger sawInterrupt = new AtomicInteger();
        H2StoreWrites writes = new H2StoreWrites(() -> {
            if (Thread.currentThread().isInterrupted()) {
                sawInterrupt.incrementAndGet();
            }
        }, Duration.ZERO);
        Thread.currentThread().interrupt();
        try {
            writes.awaitWritten(false);
            assertThat(sawInterrupt.get()).isZero();
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
