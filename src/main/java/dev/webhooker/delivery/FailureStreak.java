package dev.webhooker.delivery;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * When an endpoint target that keeps failing is disabled: at once when it answers 410 Gone, else once every
 * attempt has failed for {@code disableAfter} (TARGET_DISABLE_AFTER; zero: never for a streak). Only the endpoint's own
 * failures count — its error answers, its 5xx and network errors; a rate-limit wait, a refused address, a failure of
 * webhooker itself or a format error say nothing about the endpoint.
 */
record FailureStreak(Duration disableAfter) {

    FailureStreak {
        disableAfter = disableAfter == null || disableAfter.isNegative() ? Duration.ZERO : disableAfter;
    }

    /** Whether the outcome is a failure of the endpoint, one more of the streak. */
    static boolean counts(SendOutcome outcome) {
        ErrorCode code = outcome.ok() ? null : outcome.errorCode();
        // only endpoint targets are noted (TargetHealth), so a platform's answer here is the endpoint's own
        return code != null && (code.platformAnswer() || code.equals(ErrorCode.NETWORK) || code.equals(ErrorCode.RETRIES));
    }

    /**
     * Why the target is disabled after this counted failure, or empty while it is not: {@code failingSince} is the
     * streak's first failure (now, for the first), {@code failures} the streak's count including this one.
     */
    Optional<String> disableReason(SendOutcome outcome, Instant failingSince, int failures, Instant now) {
        if (outcome.errorCode() != null && outcome.errorCode().gone()) {
            return Optional.of("the endpoint answered 410 Gone: " + outcome.error());
        }
        if (disableAfter.isZero() || Duration.between(failingSince, now).compareTo(disableAfter) < 0) {
            return Optional.empty();
        }
        return Optional.of("every attempt failed for " + words(disableAfter) + " (" + failures + " since " + failingSince
                + "); the last: " + outcome.error());
    }

    private static String words(Duration d) {
        if (d.toSeconds() % 3600 == 0) {
            return d.toHours() + " h";
        }
        if (d.toSeconds() % 60 == 0) {
            return d.toMinutes() + " min";
        }
        return d.toSeconds() + " s";
    }
}
