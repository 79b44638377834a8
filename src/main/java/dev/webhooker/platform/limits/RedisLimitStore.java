package dev.webhooker.platform.limits;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Limits every instance shares through Redis (REDIS_URL). A block is a key whose time to live is the wait, so
 * Redis's clock decides when it ends, not the instances' clocks; buckets are Bucket4j's compare-and-swap buckets,
 * dropped by Redis once they would be full again. Keys start with {@code ratelimit:}, a prefix the KV layout does
 * not use.
 * <p>
 * Blocks are checked before every send but set rarely, so each instance checks them in its own copy
 * ({@link RedisBlockCopy}), which setting a block keeps current through a published message; while the copy is not
 * current, a check asks Redis.
 * <p>
 * The buckets' connection is opened on first use, not at start-up, so the service starts while Redis is down; it
 * is the Lettuce client's, which closes it when the application stops.
 */
final class RedisLimitStore implements LimitStore {

    static final String PREFIX = "ratelimit:";
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(1);
    /** A bucket no call touched for this long after it filled up again is deleted. */
    private static final Duration KEEP_FULL_BUCKET = Duration.ofSeconds(10);

    private static final RedisScript<Long> LONGEST_BLOCK = RedisScript.of("""
            local longest = 0
            for _, key in ipairs(KEYS) do
              local left = redis.call('PTTL', key)
              if left > longest then longest = left end
            end
            return longest""", Long.class);

    /** Sets the block unless a longer one runs, and tells every instance's copy: "milliseconds key". */
    private static final RedisScript<Long> BLOCK = RedisScript.of("""
            if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then
              redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
              redis.call('PUBLISH', ARGV[2], ARGV[1] .. ' ' .. ARGV[3])
            end
            return 1""", Long.class);

    private final StringRedisTemplate redis;
    private final LettuceConnectionFactory connections;
    private final RedisBlockCopy copy;
    private final LongAdder checksAskedOfRedis = new LongAdder();
    private volatile ProxyManager<String> buckets;

    RedisLimitStore(StringRedisTemplate redis, LettuceConnectionFactory connections) {
        this.redis = redis;
        this.connections = connections;
        this.copy = new RedisBlockCopy(() -> (RedisClient) connections.getNativeClient(), redis, connections.getDatabase());
    }

    @Override
    public Duration blockedFor(List<String> keys) {
        Optional<Duration> copied = copy.blockedFor(keys);
        if (copied.isPresent()) {
            return copied.get();
        }
        checksAskedOfRedis.increment();
        List<String> redisKeys = new ArrayList<>(keys.size());
        for (String key : keys) {
            redisKeys.add(RedisBlockCopy.KEY_PREFIX + key);
        }
        Long millis = redis.execute(LONGEST_BLOCK, redisKeys);
        return millis == null || millis <= 0 ? Duration.ZERO : Duration.ofMillis(millis);
    }

    @Override
    public void block(String key, Duration wait) {
        long millis = Math.max(1, wait.toMillis());
        redis.execute(BLOCK, List.of(RedisBlockCopy.KEY_PREFIX + key), Long.toString(millis), copy.publishedOn(), key);
        copy.learned(key, millis);
    }

    @Override
    public Turn take(String key, BucketConfiguration configuration, Duration maxWait) {
        return LimitStore.take(buckets().builder().build(PREFIX + "bucket:" + key, () -> configuration), maxWait);
    }

    @Override
    public String describe() {
        return "Redis";
    }

    /** This instance's copy of the blocks. */
    RedisBlockCopy copy() {
        return copy;
    }

    /** How many block checks were not answered by the copy and asked Redis. */
    long checksAskedOfRedis() {
        return checksAskedOfRedis.sum();
    }

    private ProxyManager<String> buckets() {
        ProxyManager<String> ready = buckets;
        return ready != null ? ready : connect();
    }

    private synchronized ProxyManager<String> connect() {
        if (buckets == null) {
            RedisClient client = (RedisClient) connections.getNativeClient();
            StatefulRedisConnection<String, byte[]> connection = client.connect(RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE));
            buckets = Bucket4jLettuce.casBasedBuilder(connection)
                    .requestTimeout(REQUEST_TIMEOUT)
                    .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(KEEP_FULL_BUCKET))
                    .build();
        }
        return buckets;
    }
}
