package dev.webhooker.store;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Key-value store with per-key expiry: caches, locks, nonces, sessions and other short-lived state
 * (never a source of truth). Redis when REDIS_URL is set, an SQL table otherwise; both implementations
 * have identical semantics. Keys and TTLs come from {@link KvKeys}, never from string literals.
 * A {@code null} ttl means the entry never expires.
 */
public interface KvStore {

    Optional<String> get(String key);

    void put(String key, String value, Duration ttl);

    /** Atomically stores the entry only when no live entry exists; true when this call stored it. */
    boolean putIfAbsent(String key, String value, Duration ttl);

    void delete(String key);

    /**
     * Atomically removes a live entry and returns its value: of concurrent takes of one key, exactly one
     * gets the value (single-use records such as a pending OAuth state).
     */
    Optional<String> take(String key);

    /** Keys of live entries starting with {@code prefix}, in no particular order. */
    List<String> scan(String prefix);
}
