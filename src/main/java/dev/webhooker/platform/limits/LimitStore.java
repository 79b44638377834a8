package dev.webhooker.platform.limits;

import java.time.Duration;
import java.util.List;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;

/**
 * Where the rate-limit state lives: in this JVM, or in Redis or PostgreSQL where every instance sees it. Two
 * kinds of state: blocks (a platform said "wait this long": no call on that key before then) and token buckets
 * (a {@link Quota} the platform publishes).
 */
interface LimitStore {

    /** How long the longest block on any of {@code keys} still runs; zero when none does. */
    Duration blockedFor(List<String> keys);

    /** Blocks {@code key} for {@code wait} from now; a longer block already running is kept. */
    void block(String key, Duration wait);

    /**
     * Takes a token from the bucket under {@code key} (created with {@code configuration} when missing), reserving
     * one that comes free within {@code maxWait} when none is free now.
     */
    Turn take(String key, BucketConfiguration configuration, Duration maxWait);

    /** What the logs call this store. */
    String describe();

    /**
     * What taking a token came to: {@code reserved} and the call may go after {@code delay} (zero: now), or not
     * reserved and the next token is {@code delay} away.
     */
    record Turn(boolean reserved, Duration delay) {
    }

    /** {@link #take} on a Bucket4j bucket, local or remote: one request when a token is free or reservable. */
    static Turn take(Bucket bucket, Duration maxWait) {
        if (maxWait.isZero() || maxWait.isNegative()) {
            ConsumptionProbe probe = bucket.tryConsumeAndReturnRemaining(1);
            return new Turn(probe.isConsumed(), probe.isConsumed() ? Duration.ZERO : Duration.ofNanos(probe.getNanosToWaitForRefill()));
        }
        long[] parked = {0};
        boolean reserved;
        try {
            // Bucket4j reserves the token, then asks its strategy to wait: the wait is counted and handed to the caller
            reserved = bucket.asBlocking().tryConsume(1, maxWait, nanos -> parked[0] = nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Turn(false, maxWait);
        }
        if (reserved) {
            return new Turn(true, Duration.ofNanos(parked[0]));
        }
        return new Turn(false, Duration.ofNanos(bucket.estimateAbilityToConsume(1).getNanosToWaitForRefill()));
    }
}
