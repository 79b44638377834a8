package dev.webhooker.maintenance;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import dev.webhooker.store.KvStore;

/**
 * Test-only KvStore in memory, recording each entry's TTL. Stands in until the store helper's
 * implementations are merged; the sync jobs only need get/put.
 */
class FakeKvStore implements KvStore {

    record Entry(String value, Duration ttl) {
    }

    final Map<String, Entry> entries = new ConcurrentHashMap<>();

    @Override
    public Optional<String> get(String key) {
        return Optional.ofNullable(entries.get(key)).map(Entry::value);
    }

    @Override
    public void put(String key, String value, Duration ttl) {
        entries.put(key, new Entry(value, ttl));
    }

    @Override
    public boolean putIfAbsent(String key, String value, Duration ttl) {
        return entries.putIfAbsent(key, new Entry(value, ttl)) == null;
    }

    @Override
    public void delete(String key) {
        entries.remove(key);
    }

    @Override
    public List<String> scan(String prefix) {
        return entries.keySet().stream().filter(k -> k.startsWith(prefix)).toList();
    }
}
