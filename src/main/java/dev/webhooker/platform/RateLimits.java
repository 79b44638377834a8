package dev.webhooker.platform;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;

/**
 * When each rate-limit bucket opens again, shared by every worker of this instance: once a platform
 * said "wait" for a bucket (a Discord bucket + channel, a Telegram chat), no worker calls it before
 * that time. Callers then either sleep a short wait ({@link #pause}) or reschedule the target (P11).
 * Meters, by platform (the key's first part): {@code webhooker_rate_limit_blocks_total} (a platform said
 * wait) and {@code webhooker_rate_limit_waits_total} / {@code webhooker_rate_limit_wait_seconds_total}
 * (a call slept before it went).
 */
public final class RateLimits {

    private final Clock clock;
    private final MeterRegistry meters;
    private final Map<String, Instant> blockedUntil = new ConcurrentHashMap<>();

    public RateLimits(Clock clock) {
        this(clock, new CompositeMeterRegistry());
    }

    public RateLimits(Clock clock, MeterRegistry meters) {
        this.clock = clock;
        this.meters = meters;
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
        meters.counter("webhooker.rate_limit.blocks", "platform", platform(key)).increment();
    }

    /**
     * The turn of a call on {@code key}: a wait up to {@code cap} is slept (counted, as {@link #pause}) and the call may
     * go (empty); a longer one is returned, for the caller to answer RATE_LIMITED, which reschedules the target.
     */
    public Optional<Duration> turn(String key, Duration cap) {
        Duration wait = waitFor(key);
        if (wait.compareTo(cap) > 0) {
            return Optional.of(wait);
        }
        pause(key, wait);
        return Optional.empty();
    }

    /** Sleeps a short wait on {@code key} (the caller checked it is under the cap), counted. */
    public void pause(String key, Duration wait) {
        if (wait.isZero() || wait.isNegative()) {
            return;
        }
        meters.counter("webhooker.rate_limit.waits", "platform", platform(key)).increment();
        meters.counter("webhooker.rate_limit.wait.seconds", "platform", platform(key)).increment(wait.toMillis() / 1000.0);
        PlatformCallSettings.pause(wait);
    }

    private static String platform(String key) {
        int colon = key.indexOf(':');
        return colon < 0 ? key : key.substring(0, colon);
    }
}
