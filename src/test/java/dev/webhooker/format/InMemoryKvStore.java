package dev.webhooker.format;

import dev.webhooker.store.KvStore;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Test-only KvStore: a map without expiry, counting reads, optionally failing every call. */
final class InMemoryKvStore implements KvStore {

    final Map<String, String> entries = new ConcurrentHashMap<>();
    int reads;
    boolean broken;

    @Override
    public Optional<String> get(String key) {
        reads++;
        if (broken) {
            throw new IllegalStateException("KV down");
        }
        return Optional.ofNullable(entries.get(key));
    }

    @Override
    public void put(String key, String value, Duration ttl) {
        entries.put(key, value);
    }

    @Override
    public boolean putIfAbsent(String key, String value, Duration ttl) {
        return entries.putIfAbsent(key, value) == null;
    }

    @Override
    public void delete(String key) {
        entries.remove(key);
    }

    @Override
    public List<String> scan(String prefix) {
        return new ArrayList<>(entries.keySet().stream().filter(k -> k.startsWith(prefix)).toList());
    }
}
