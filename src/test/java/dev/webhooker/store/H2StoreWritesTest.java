package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
        });
        ExecutorService threads = Executors.newFixedThreadPool(6);
        try {
            Future<Integer> first = threads.submit(() -> {
                writes.awaitWritten();
                return finished.get();
            });
            assertThat(firstWriteStarted.await(5, TimeUnit.SECONDS)).isTrue();
            List<Future<Integer>> later = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                later.add(threads.submit(() -> {
                    writes.awaitWritten();
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
    void aFailedWriteFailsItsCallerAndTheNextWriteIsTriedAfresh() {
        AtomicInteger calls = new AtomicInteger();
        IllegalStateException broken = new IllegalStateException("disk full");
        H2StoreWrites writes = new H2StoreWrites(() -> {
            if (calls.incrementAndGet() == 1) {
                throw broken;
            }
        });

        assertThatThrownBy(writes::awaitWritten).isSameAs(broken);
        writes.awaitWritten();

        assertThat(calls.get()).isEqualTo(2);
    }

    @Test
    void anInterruptDuringTheWriteFailsItBecauseH2MayHaveReturnedBeforeWriting() {
        H2StoreWrites writes = new H2StoreWrites(() -> Thread.currentThread().interrupt());
        try {
            assertThatThrownBy(writes::awaitWritten).isInstanceOf(IllegalStateException.class)
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
        });
        Thread.currentThread().interrupt();
        try {
            writes.awaitWritten();
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
