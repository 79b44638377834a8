package dev.webhooker.actions;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;

/**
 * ACTIONS_RATE_LIMIT writes per minute per GitHub user, whatever they come through (API, Discord,
 * Telegram): a Bucket4j token bucket per user, refilled gradually. Buckets are per instance; the least
 * recently used are dropped beyond {@link #MAX_USERS}.
 */
final class ActionRateLimit {

    static final int MAX_USERS = 10_000;

    private final long perMinute;
    private final Map<String, Bucket> buckets = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Bucket> eldest) {
            return size() > MAX_USERS;
        }
    };

    ActionRateLimit(long perMinute) {
        this.perMinute = perMinute;
    }

    boolean tryTake(String githubUserId) {
        Bucket bucket;
        synchronized (buckets) {
            bucket = buckets.computeIfAbsent(githubUserId, id -> Bucket.builder()
                    .addLimit(Bandwidth.builder().capacity(perMinute).refillGreedy(perMinute, Duration.ofMinutes(1)).build())
                    .build());
        }
        return bucket.tryConsume(1);
    }
}
