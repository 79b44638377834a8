package dev.webhooker.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

class FailureStreakTest {

    private static final Instant START = Instant.parse("2026-12-01T00:00:00Z");
    private final FailureStreak streak = new FailureStreak(Duration.ofHours(24));

    @Test
    void onlyTheEndpointsOwnFailuresCount() {
        assertThat(FailureStreak.counts(SendOutcome.failure(ErrorCode.serverErrorOf("webhook"), 500, "HTTP 500", 1))).isTrue();
        assertThat(FailureStreak.counts(SendOutcome.failure(ErrorCode.refusedBy("webhook"), 404, "HTTP 404", 1))).isTrue();
        assertThat(FailureStreak.counts(SendOutcome.failure(ErrorCode.NETWORK, null, "timed out", 1))).isTrue();
        assertThat(FailureStreak.counts(SendOutcome.failure(ErrorCode.goneFrom("webhook"), 410, "HTTP 410", 1))).isTrue();
        assertThat(FailureStreak.counts(SendOutcome.success(200, null, 1))).isFalse();
        assertThat(FailureStreak.counts(SendOutcome.rateLimited(Duration.ofSeconds(30), 429, "wait", 1))).isFalse();
        assertThat(FailureStreak.counts(SendOutcome.failure(ErrorCode.TARGET_BLOCKED, null, "private", 0))).isFalse();
        assertThat(FailureStreak.counts(SendOutcome.failure(ErrorCode.INTERNAL, null, "bug", 0))).isFalse();
        assertThat(FailureStreak.counts(SendOutcome.failure(ErrorCode.TARGET_DISABLED, null, "off", 0))).isFalse();
    }

    @Test
    void aStreakDisablesOnceItIsAsOldAsTheSetting() {
        SendOutcome failure = SendOutcome.failure(ErrorCode.serverErrorOf("webhook"), 503, "HTTP 503: busy", 1);
        assertThat(streak.disableReason(failure, START, 40, START.plus(Duration.ofHours(24)).minusMillis(1))).isEmpty();
        assertThat(streak.disableReason(failure, START, 41, START.plus(Duration.ofHours(24))))
                .hasValue("every attempt failed for 24 h (41 since 2026-12-01T00:00:00Z); the last: HTTP 503: busy");
        assertThat(new FailureStreak(Duration.ofMinutes(90)).disableReason(failure, START, 2, START.plus(Duration.ofHours(2))))
                .get().asString().startsWith("every attempt failed for 90 min");
    }

    @Test
    void goneDisablesAtOnceEvenWhenStreaksNeverDo() {
        SendOutcome gone = SendOutcome.failure(ErrorCode.goneFrom("webhook"), 410, "HTTP 410: unsubscribed", 1);
        FailureStreak off = new FailureStreak(Duration.ZERO);
        assertThat(off.disableReason(gone, START, 1, START)).hasValue("the endpoint answered 410 Gone: HTTP 410: unsubscribed");
        assertThat(off.disableReason(SendOutcome.failure(ErrorCode.serverErrorOf("webhook"), 500, "x", 1), START, 900,
                START.plus(Duration.ofDays(30)))).isEmpty();
    }
}
