package dev.webhooker.delivery;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The backoff between failed tries of one target, then the target is dead: one try plus one per entry of
 * the schedule. The default, 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, retries quickly through a blip,
 * and its last two tries come 1 h 43 min and 3 h 43 min after the first, so a platform outage of an hour
 * (or a revoked token replaced within a couple of hours) still ends delivered rather than dead, while a
 * target that is gone for good stops being tried within the afternoon.
 */
record RetryPolicy(List<Duration> backoff) {

    public static final List<Duration> DEFAULT_BACKOFF =
            List.of(Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofMinutes(2), Duration.ofMinutes(10),
                    Duration.ofMinutes(30), Duration.ofHours(1), Duration.ofHours(2));

    public RetryPolicy {
        backoff = List.copyOf(backoff);
        if (backoff.stream().anyMatch(d -> d.isNegative())) {
            throw new IllegalArgumentException("retry delays must not be negative: " + backoff);
        }
    }

    public static RetryPolicy defaults() {
        return new RetryPolicy(DEFAULT_BACKOFF);
    }

    /** The wait before the next try after the {@code failures}-th failure (1-based); empty = give up. */
    public Optional<Duration> delayAfter(int failures) {
        if (failures < 1) {
            return Optional.of(backoff.isEmpty() ? Duration.ZERO : backoff.get(0));
        }
        return failures <= backoff.size() ? Optional.of(backoff.get(failures - 1)) : Optional.empty();
    }

    public int maxTries() {
        return backoff.size() + 1;
    }
}
