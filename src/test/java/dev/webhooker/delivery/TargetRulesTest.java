package dev.webhooker.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.webhooker.queue.TargetProgress;
import dev.webhooker.queue.TargetStatus;

class TargetRulesTest {

    static final Instant NOW = Instant.parse("2026-11-30T10:00:00Z");
    final TargetRules rules = new TargetRules(RetryPolicy.defaults());

    @Test
    void successIsFinal() {
        TargetProgress next = rules.afterAttempt(TargetProgress.fresh(NOW), SendOutcome.success(200, "m1", 1), NOW);
        assertThat(next.status()).isEqualTo(TargetStatus.DELIVERED);
        assertThat(next.isFinal()).isTrue();
    }

    @Test
    void aPermanentErrorIsFinalAtOnce() {
        TargetProgress next = rules.afterAttempt(TargetProgress.fresh(NOW),
                SendOutcome.failure(ErrorCode.refusedBy("discord"), 403, "Missing Permissions", 1), NOW);
        assertThat(next.status()).isEqualTo(TargetStatus.FAILED);
        assertThat(next.attempts()).isEqualTo(1);
    }

    @Test
    void retryableErrorsFollowTheScheduleThenDie() {
        SendOutcome serverError = SendOutcome.failure(ErrorCode.serverErrorOf("discord"), 502, "bad gateway", 1);
        TargetProgress p = TargetProgress.fresh(NOW);
        List<Duration> waits = new java.util.ArrayList<>();
        Instant at = NOW;
        while (true) {
            p = rules.afterAttempt(p, serverError, at);
            if (p.isFinal()) {
                break;
            }
            assertThat(p.status()).isEqualTo(TargetStatus.RETRYING);
            waits.add(Duration.between(at, p.nextAttemptAt()));
            at = p.nextAttemptAt();
        }
        assertThat(waits).containsExactly(Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofMinutes(2), Duration.ofMinutes(10),
                Duration.ofMinutes(30), Duration.ofHours(1), Duration.ofHours(2));
        assertThat(p.status()).isEqualTo(TargetStatus.DEAD);
        assertThat(p.attempts()).isEqualTo(8);
        assertThat(waits.stream().reduce(Duration.ZERO, Duration::plus)).as("an hour-long outage is ridden out")
                .isGreaterThan(Duration.ofHours(1));
    }

    @Test
    void networkTimeoutsAndUnknownFailuresAreRetried() {
        assertThat(TargetRules.isRetryable(ErrorCode.NETWORK)).isTrue();
        assertThat(TargetRules.isRetryable(ErrorCode.serverErrorOf("telegram"))).isTrue();
        assertThat(TargetRules.isRetryable(null)).isTrue();
        assertThat(TargetRules.isRetryable(ErrorCode.refusedBy("telegram"))).isFalse();
        assertThat(TargetRules.isRetryable(ErrorCode.NO_TARGET)).isFalse();
        assertThat(TargetRules.isRetryable(ErrorCode.PAYLOAD_MISSING)).isFalse();
    }

    @Test
    void aRateLimitWaitsAsAskedWithoutUsingUpTheSchedule() {
        TargetProgress once = rules.afterAttempt(TargetProgress.fresh(NOW),
                SendOutcome.failure(ErrorCode.NETWORK, null, "timeout", 1), NOW);
        TargetProgress limited = rules.afterAttempt(once,
                SendOutcome.rateLimited(Duration.ofSeconds(42), 429, "slow down", 1), NOW);

        assertThat(limited.status()).isEqualTo(TargetStatus.RETRYING);
        assertThat(limited.attempts()).isEqualTo(1);
        assertThat(limited.nextAttemptAt()).isEqualTo(NOW.plusSeconds(42));
    }

    @Test
    void aDeferralKeepsThePendingStatus() {
        TargetProgress deferred = rules.deferred(TargetProgress.fresh(NOW), NOW, Duration.ofSeconds(1));
        assertThat(deferred.status()).isEqualTo(TargetStatus.PENDING);
        assertThat(deferred.nextAttemptAt()).isEqualTo(NOW.plusSeconds(1));
    }

    @Test
    void aFinalTargetIsNotTriedAgain() {
        TargetProgress done = new TargetProgress(TargetStatus.DELIVERED, 0, NOW);
        assertThatThrownBy(() -> rules.afterAttempt(done, SendOutcome.success(200, "m", 1), NOW))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void theScheduleIsConfigurable() {
        RetryPolicy policy = new RetryPolicy(List.of(Duration.ofMillis(100)));
        assertThat(policy.delayAfter(1)).contains(Duration.ofMillis(100));
        assertThat(policy.delayAfter(2)).isEmpty();
        assertThat(policy.maxTries()).isEqualTo(2);
    }
}
