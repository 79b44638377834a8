package dev.webhooker.delivery;

import java.time.Duration;
import java.time.Instant;

import dev.webhooker.queue.TargetProgress;
import dev.webhooker.queue.TargetStatus;

/**
 * The per-target state machine: {@code pending → delivered | retrying | failed | dead}.
 * A success is final; a permanent error is final at once; a retryable error counts one failure and
 * waits the policy's delay, or is dead when the schedule is used up. A rate-limit deferral waits as
 * long as the platform asked and does not use up the schedule: the platform said "later", not "no".
 */
final class TargetRules {

    private final RetryPolicy policy;

    public TargetRules(RetryPolicy policy) {
        this.policy = policy;
    }

    public TargetProgress afterAttempt(TargetProgress current, SendOutcome outcome, Instant now) {
        if (current.isFinal()) {
            throw new IllegalStateException("target is already final: " + current.status());
        }
        if (outcome.ok()) {
            return new TargetProgress(TargetStatus.DELIVERED, current.attempts(), now);
        }
        if (outcome.rateLimited()) {
            Duration wait = outcome.retryAfter() == null ? Duration.ofSeconds(1) : outcome.retryAfter();
            return new TargetProgress(TargetStatus.RETRYING, current.attempts(), now.plus(wait));
        }
        int failures = current.attempts() + 1;
        if (!isRetryable(outcome.errorCode())) {
            return new TargetProgress(TargetStatus.FAILED, failures, now);
        }
        return policy.delayAfter(failures)
                .map(delay -> new TargetProgress(TargetStatus.RETRYING, failures, now.plus(delay)))
                .orElseGet(() -> new TargetProgress(TargetStatus.DEAD, failures, now));
    }

    /** Not tried now (another worker holds the in-place lock): due again after {@code wait}, nothing counted. */
    public TargetProgress deferred(TargetProgress current, Instant now, Duration wait) {
        TargetStatus status = current.status() == TargetStatus.PENDING ? TargetStatus.PENDING : TargetStatus.RETRYING;
        return new TargetProgress(status, current.attempts(), now.plus(wait));
    }

    /** A failure without a code (an exception in the engine) is retried, as the original does. */
    public static boolean isRetryable(ErrorCode code) {
        return code == null || code.retryable();
    }
}
