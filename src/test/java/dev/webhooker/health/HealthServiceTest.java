package dev.webhooker.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.webhooker.testsupport.TestClock;

class HealthServiceTest {

    private final TestClock clock = new TestClock(Instant.parse("2026-12-01T10:00:00Z"));
    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicInteger hungRuns = new AtomicInteger();
    private HealthService health;

    private static HealthProbe probe(String name, Runnable check) {
        return new HealthProbe() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void check() {
                check.run();
            }
        };
    }

    private final HealthProbe hung = probe("database", () -> {
        hungRuns.incrementAndGet();
        try {
            release.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    });

    @AfterEach
    void close() {
        release.countDown();
        health.close();
    }

    @Test
    void aHungProbeIsDownWithinTheDeadlineAndIsNotStartedAgain() {
        health = new HealthService(List.of(hung, probe("kv", () -> { })), clock);

        long started = System.nanoTime();
        HealthReport first = health.check();
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
        assertThat(first.body()).isEqualTo(Map.of("status", "degraded", "checks", Map.of("database", "down", "kv", "ok")));

        clock.advance(Duration.ofSeconds(2));
        started = System.nanoTime();
        assertThat(health.check().ok()).isFalse();
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
        assertThat(hungRuns).as("the hung run is waited for, not started anew").hasValue(1);
    }

    @Test
    void aFreshResultIsReusedAndTheReasonsStayOutOfTheBody() {
        AtomicInteger runs = new AtomicInteger();
        health = new HealthService(List.of(probe("kv", () -> {
            runs.incrementAndGet();
            throw new IllegalStateException("connection refused to 10.0.0.7:6379 with password hunter2");
        })), clock);

        HealthReport report = health.check();
        health.check();
        assertThat(runs).hasValue(1);
        assertThat(report.body().toString()).doesNotContain("refused").doesNotContain("hunter2");
        assertThat(report.httpStatus()).isEqualTo(503);

        clock.advance(Duration.ofMillis(1500));
        health.check();
        assertThat(runs).hasValue(2);
    }
}
