package dev.webhooker.platform;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * When each rate-limit bucket opens again, shared by every worker of this instance: once a platform
 * said "wait" for a bucket (a Discord bucket + channel, a Telegram chat), no worker calls it before
 * that time. Callers then either sleep a short wait or reschedule the target (P11).
 */
public final class RateLimits {

    private final Clock clock;
    private final Map<String, Instant> blockedUntil = new ConcurrentHashMap<>();

    public RateLimits(Clock clock) {
        this.clock = clock;
    }

    /** How long a call on {@code key} must still wait; zero when it may go now. */
    public Duration waitFor(String key) {
        Instant until = blockedUntil.get(key);
        if (until == null) {
            return Duration.ZERO;
        }
        Instant now = clock.instant();
        if (!until.isAfter(now)) {
            blockedUntil.remove(key, until);
            return Duration.ZERO;
        }
        return Duration.between(now, until);
    }

    /** Blocks {@code key} for {@code wait} from now (never shortens an existing block). */
    public void block(String key, Duration wait) {
        Instant until = clock.instant().plus(wait);
        blockedUntil.merge(key, until, (a, b) -> a.isAfter(b) ? a : b);
    }
}
