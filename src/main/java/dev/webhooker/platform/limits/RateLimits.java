package dev.webhooker.platform.limits;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;

/**
 * When a platform call may go, for every worker of this instance and, with Redis or PostgreSQL, of every instance
 *. Two things hold a call back:
 * <ul>
 *   <li>a block: a platform said "wait" for a key (a Discord bucket and channel, a Telegram chat, a webhook URL),
 *       and no call on it goes before that time;</li>
 *   <li>a {@link Quota} the platform publishes but does not count down for us (Telegram's per-chat, per-group and
 *       per-bot rates, Discord's global rate): a token bucket per subject.</li>
 * </ul>
 * A wait up to the caller's cap is handed back for the caller to wait out without holding a thread ({@link #admit});
 * a longer one is returned as a deferral, and the caller answers RATE_LIMITED, which reschedules the target. With
 * {@code publishedQuotas} off only what the platforms answer holds calls back (for load tests against fake platforms).
 * <p>
 * Meters, by platform (the key's first part): {@code webhooker_rate_limit_blocks_total} (a platform said wait),
 * {@code webhooker_rate_limit_waits_total} / {@code webhooker_rate_limit_wait_seconds_total} (a call waited before
 * it went) and {@code webhooker_rate_limit_deferrals_total} (a call was rescheduled without being made).
 */
public final class RateLimits {

    private final LimitStore store;
    private final boolean publishedQuotas;
    private final MeterRegistry meters;

    /** This instance's limits alone, with the published quotas, as the embedded default has them. */
    public RateLimits(Clock clock) {
        this(new LocalLimitStore(clock), true, new CompositeMeterRegistry());
    }

    /** This instance's limits alone; without the published quotas for tests and load runs against fake platforms. */
    public static RateLimits local(Clock clock, boolean publishedQuotas) {
        return new RateLimits(new LocalLimitStore(clock), publishedQuotas, new CompositeMeterRegistry());
    }

    RateLimits(LimitStore store, boolean publishedQuotas, MeterRegistry meters) {
        this.store = store;
        this.publishedQuotas = publishedQuotas;
        this.meters = meters;
    }

    /** Blocks {@code key} for {@code wait} from now (never shortens an existing block). */
    public void block(String key, Duration wait) {
        store.block(key, wait);
        meters.counter("webhooker.rate_limit.blocks", "platform", platform(key)).increment();
    }

    /**
     * What a call may do now, without waiting here: go after {@code delay} (zero: at once), or, when the blocks or a
     * quota hold it back for longer than the cap, be rescheduled for {@code deferred}.
     */
    public record Admission(Duration delay, Optional<Duration> deferred) {
    }

    /**
     * The turn of a call: held back by any block on {@code blocks} and by each of {@code quotas} (listed scarcest
     * first, so a token of a scarce quota is not taken for a call a wider one then defers). The tokens it reserves are
     * due by the end of the delay it returns, which the caller waits out before it calls.
     */
    public Admission admit(Duration cap, List<String> blocks, List<Quota.Use> quotas) {
        Duration blocked = store.blockedFor(blocks);
        if (blocked.compareTo(cap) > 0) {
            return new Admission(Duration.ZERO, deferred(blocks.get(0), blocked));
        }
        Duration wait = blocked.isNegative() ? Duration.ZERO : blocked;
        String waitedFor = blocks.isEmpty() ? "" : blocks.get(0);
        if (publishedQuotas) {
            for (Quota.Use use : quotas) {
                LimitStore.Turn turn = store.take(use.key(), use.quota().bucket(), cap);
                if (!turn.reserved()) {
                    return new Admission(Duration.ZERO, deferred(use.key(), turn.delay()));
                }
                if (turn.delay().compareTo(wait) > 0) {
                    wait = turn.delay();
                    waitedFor = use.key();
                }
            }
        }
        if (wait.compareTo(Duration.ZERO) > 0) {
            meters.counter("webhooker.rate_limit.waits", "platform", platform(waitedFor)).increment();
            meters.counter("webhooker.rate_limit.wait.seconds", "platform", platform(waitedFor)).increment(wait.toNanos() / 1e9);
        }
        return new Admission(wait, Optional.empty());
    }

    /** Where the limits are kept, for the start-up log. */
    public String describe() {
        return store.describe() + (publishedQuotas ? "" : ", published quotas off");
    }

    private Optional<Duration> deferred(String key, Duration wait) {
        meters.counter("webhooker.rate_limit.deferrals", "platform", platform(key)).increment();
        return Optional.of(wait.isZero() ? Duration.ofMillis(1) : wait);
    }

    private static String platform(String key) {
        int colon = key.indexOf(':');
        return colon < 0 ? key : key.substring(0, colon);
    }
}
