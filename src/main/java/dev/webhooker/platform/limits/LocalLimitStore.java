package dev.webhooker.platform.limits;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.local.LocalBucketBuilder;

/**
 * The limits of one instance (the embedded default, and the fallback while a shared store is unreachable).
 * Blocks follow the injected clock, so tests can move time on; buckets refill in real time because the calls
 * they hold back really wait. One bucket per key: keys are chats and bots, bounded by the configured targets.
 */
final class LocalLimitStore implements LimitStore {

    private final Clock clock;
    private final Map<String, Instant> blockedUntil = new ConcurrentHashMap<>();
    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

    LocalLimitStore(Clock clock) {
        this.clock = clock;
    }

    @Override
    public Duration blockedFor(List<String> keys) {
        Duration longest = Duration.ZERO;
        Instant now = clock.instant();
        for (String key : keys) {
            Instant until = blockedUntil.get(key);
            if (until == null) {
                continue;
            }
            if (!until.isAfter(now)) {
                blockedUntil.remove(key, until);
                continue;
            }
            Duration left = Duration.between(now, until);
            if (left.compareTo(longest) > 0) {
                longest = left;
            }
        }
        return longest;
    }

    @Override
    public void block(String key, Duration wait) {
        blockedUntil.merge(key, clock.instant().plus(wait), (a, b) -> a.isAfter(b) ? a : b);
    }

    @Override
    public Turn take(String key, BucketConfiguration configuration, Duration maxWait) {
        return LimitStore.take(bucket(key, configuration), maxWait);
    }

    private Bucket bucket(String key, BucketConfiguration configuration) {
        return buckets.computeIfAbsent(key, k -> {
            LocalBucketBuilder builder = Bucket.builder().withNanosecondPrecision();
            for (Bandwidth limit : configuration.getBandwidths()) {
                builder.addLimit(limit);
            }
            return builder.build();
        });
    }

    @Override
    public String describe() {
        return "this instance";
    }
}
