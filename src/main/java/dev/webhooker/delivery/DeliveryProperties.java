package dev.webhooker.delivery;

import java.time.Duration;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the delivery engine ({@code webhooker.delivery.*}, see application.yaml for the
 * environment variables).
 *
 * @param retrySchedule   waits between failed tries of a target; after the last one the target is dead
 * @param pollInterval    how often an idle instance looks for work queued by other instances
 * @param lease           how long a claimed delivery belongs to a worker before another may take it over;
 *                        renewed before the (parallel) sends of a run, so it has to outlast the slowest call
 * @param workers         deliveries processed at once by this instance
 * @param rateLimitCap    the longest rate-limit wait waited out before a call; longer waits reschedule the target
 * @param connectTimeout  TCP connect timeout of platform calls
 * @param requestTimeout  whole-request timeout of platform calls
 * @param lockRetryDelay  when another worker is editing the same in-place message, try this target again after this
 * @param disableAfter    an endpoint target whose every attempt failed for this long is disabled ({@link FailureStreak});
 *                        zero: only a 410 Gone disables one
 * @param publishedRateLimits hold every call to the rates Telegram and Discord publish (per chat, group and bot;
 *                        Discord's global rate), shared by the instances; false: only the platforms' answers hold
 *                        calls back (429s, Discord's bucket headers), for load tests against fake platforms
 */
@ConfigurationProperties("webhooker.delivery")
public record DeliveryProperties(
        List<Duration> retrySchedule,
        Duration pollInterval,
        Duration lease,
        int workers,
        Duration rateLimitCap,
        Duration connectTimeout,
        Duration requestTimeout,
        Duration lockRetryDelay,
        Duration disableAfter,
        Boolean publishedRateLimits) {

    public DeliveryProperties {
        retrySchedule = retrySchedule == null || retrySchedule.isEmpty() ? RetryPolicy.DEFAULT_BACKOFF : List.copyOf(retrySchedule);
        pollInterval = orDefault(pollInterval, Duration.ofSeconds(1));
        lease = orDefault(lease, Duration.ofSeconds(60));
        workers = workers <= 0 ? 4 : workers;
        rateLimitCap = orDefault(rateLimitCap, Duration.ofSeconds(2));
        connectTimeout = orDefault(connectTimeout, Duration.ofSeconds(5));
        requestTimeout = orDefault(requestTimeout, Duration.ofSeconds(15));
        lockRetryDelay = orDefault(lockRetryDelay, Duration.ofSeconds(1));
        disableAfter = orDefault(disableAfter, Duration.ofHours(24));
        publishedRateLimits = publishedRateLimits == null || publishedRateLimits;
    }

    public static DeliveryProperties defaults() {
        return new DeliveryProperties(null, null, null, 0, null, null, null, null, null, null);
    }

    public RetryPolicy retryPolicy() {
        return new RetryPolicy(retrySchedule);
    }

    FailureStreak failureStreak() {
        return new FailureStreak(disableAfter);
    }

    private static Duration orDefault(Duration value, Duration fallback) {
        return value == null ? fallback : value;
    }
}
