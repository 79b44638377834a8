package dev.webhooker.store;

import java.time.Duration;

/** The TTL rules both KV implementations share: {@code null} = permanent, otherwise at least one millisecond. */
final class KvTtl {

    private static final Duration MINIMUM = Duration.ofMillis(1);

    private KvTtl() {
    }

    /** The TTL in whole milliseconds, or {@code null} for a permanent entry. */
    static Long millis(Duration ttl) {
        if (ttl == null) {
            return null;
        }
        if (ttl.compareTo(MINIMUM) < 0) {
            throw new IllegalArgumentException("KV TTL must be at least 1 ms (or null for permanent), got " + ttl);
        }
        return ttl.toMillis();
    }
}
