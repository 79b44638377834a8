package dev.webhooker.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

class TargetSendPoolTest {

    @Test
    void whenEveryThreadIsBusyTheCallerSendsItself() throws Exception {
        try (TargetSendPool pool = new TargetSendPool(1)) {
            CountDownLatch busy = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            pool.executorService().execute(() -> {
                busy.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            assertThat(busy.await(10, TimeUnit.SECONDS)).isTrue();

            AtomicReference<Thread> ranOn = new AtomicReference<>();
            pool.executorService().execute(() -> ranOn.set(Thread.currentThread()));

            assertThat(ranOn.get()).isSameAs(Thread.currentThread());
            release.countDown();
        }
    }

    @Test
    void aClosedPoolRefusesWorkInsteadOfDroppingIt() {
        TargetSendPool pool = new TargetSendPool(2);
        pool.close();

        assertThatThrownBy(() -> pool.executorService().execute(() -> { }))
                .isInstanceOf(RejectedExecutionException.class);
    }
}
