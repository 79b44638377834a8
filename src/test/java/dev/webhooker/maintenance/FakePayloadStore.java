package dev.webhooker.maintenance;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;

import dev.webhooker.store.PayloadStore;

/** Test-only PayloadStore in memory with settable last-modified times (until the store helper's are merged). */
class FakePayloadStore implements PayloadStore {

    private record Stored(byte[] body, Instant lastModified) {
    }

    private final Map<String, Stored> objects = new ConcurrentSkipListMap<>();

    void putAt(String key, Instant lastModified) {
        objects.put(key, new Stored(new byte[] {'{', '}'}, lastModified));
    }

    List<String> keys() {
        return List.copyOf(objects.keySet());
    }

    @Override
    public void put(String key, byte[] body) {
        objects.put(key, new Stored(body, Instant.now()));
    }

    @Override
    public Optional<byte[]> get(String key) {
        return Optional.ofNullable(objects.get(key)).map(Stored::body);
    }

    @Override
    public void delete(String key) {
        objects.remove(key);
    }

    @Override
    public List<StoredPayload> list(String prefix) {
        return objects.entrySet().stream().filter(e -> e.getKey().startsWith(prefix))
                .map(e -> new StoredPayload(e.getKey(), e.getValue().lastModified())).toList();
    }
}
