package dev.webhooker.delivery;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import dev.webhooker.store.PayloadStore;

/** Test-only PayloadStore (the store helper's implementations are not merged yet). */
final class InMemoryPayloadStore implements PayloadStore {

    final Map<String, byte[]> objects = new ConcurrentHashMap<>();

    @Override
    public void put(String key, byte[] body) {
        objects.put(key, body);
    }

    @Override
    public Optional<byte[]> get(String key) {
        return Optional.ofNullable(objects.get(key));
    }

    @Override
    public void delete(String key) {
        objects.remove(key);
    }

    @Override
    public List<StoredPayload> list(String prefix) {
        return List.of();
    }
}
