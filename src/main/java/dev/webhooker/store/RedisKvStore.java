package dev.webhooker.store;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * {@link KvStore} on Redis (REDIS_URL). Expiry is Redis's own ({@code SET … PX}); {@link #putIfAbsent} is a
 * single {@code SET NX PX}, atomic across every instance sharing the server.
 */
class RedisKvStore implements KvStore {

    private static final long SCAN_BATCH = 500;

    private final StringRedisTemplate redis;

    public RedisKvStore(StringRedisTemplate redis) {
        this.redis = redis;
    }

    @Override
    public Optional<String> get(String key) {
        return Optional.ofNullable(redis.opsForValue().get(key));
    }

    @Override
    public void put(String key, String value, Duration ttl) {
        Long millis = KvTtl.millis(ttl);
        if (millis == null) {
            // a plain SET also clears any TTL an earlier value had
            redis.opsForValue().set(key, value);
        } else {
            redis.opsForValue().set(key, value, Duration.ofMillis(millis));
        }
    }

    @Override
    public boolean putIfAbsent(String key, String value, Duration ttl) {
        Long millis = KvTtl.millis(ttl);
        Boolean stored = millis == null
                ? redis.opsForValue().setIfAbsent(key, value)
                : redis.opsForValue().setIfAbsent(key, value, Duration.ofMillis(millis));
        return Boolean.TRUE.equals(stored);
    }

    @Override
    public void delete(String key) {
        redis.delete(key);
    }

    /** SCAN (never KEYS, which blocks the server); Redis skips expired keys itself. */
    /** GETDEL (Redis 6.2 and later). */
    @Override
    public Optional<String> take(String key) {
        return Optional.ofNullable(redis.opsForValue().getAndDelete(key));
    }

    @Override
    public List<String> scan(String prefix) {
        Set<String> keys = new LinkedHashSet<>();
        ScanOptions options = ScanOptions.scanOptions().match(globPrefix(prefix)).count(SCAN_BATCH).build();
        try (Cursor<String> cursor = redis.scan(options)) {
            cursor.forEachRemaining(keys::add);
        }
        // SCAN may return a key more than once; the set keeps one
        return new ArrayList<>(keys);
    }

    /** The prefix as a Redis glob that matches it literally, followed by {@code *}. */
    static String globPrefix(String prefix) {
        StringBuilder glob = new StringBuilder(prefix.length() + 8);
        for (char c : prefix.toCharArray()) {
            if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\') {
                glob.append('\\');
            }
            glob.append(c);
        }
        return glob.append('*').toString();
    }
}
