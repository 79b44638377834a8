package dev.webhooker.platform.limits;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.webhooker.testsupport.TestClock;

/**
 * The embedded default: one instance's limits. The shared stores' behaviour is the contract (SharedRateLimitsContract)
 * run on Redis and PostgreSQL; here, the contract's rules on one instance, with blocks following the clock.
 */
class LocalRateLimitsTest extends SharedRateLimitsContract {

    private final LocalLimitStore store = new LocalLimitStore(java.time.Clock.systemUTC());

    @Override
    protected LimitStore newInstanceStore() {
        // one instance: both "instances" of the contract are this store
        return store;
    }

    @Test
    void aBlockEndsWhenTheClockPassesIt() {
        TestClock clock = new TestClock(Instant.parse("2026-12-02T10:00:00Z"));
        RateLimits limits = new RateLimits(clock);
        limits.block("telegram:1", Duration.ofSeconds(10));

        assertThat(limits.admit(Duration.ofSeconds(2), List.of("telegram:1"), List.of()).deferred()).hasValue(Duration.ofSeconds(10));
        clock.advance(Duration.ofSeconds(9));
        assertThat(limits.admit(Duration.ofSeconds(2), List.of("telegram:1"), List.of()))
                .as("the rest of the block, within the cap, is the call's delay")
                .isEqualTo(new RateLimits.Admission(Duration.ofSeconds(1), Optional.empty()));
        clock.advance(Duration.ofSeconds(1));
        assertThat(limits.admit(Duration.ZERO, List.of("telegram:1"), List.of()).deferred()).isEmpty();
    }
}
