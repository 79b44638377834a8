package dev.webhooker.store;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Parked webhook bodies (claim check): S3 when S3_BUCKET is set, a directory under DATA_DIR otherwise.
 * Keys follow the seed: {@code webhooks/YYYY/MM/DD/<uuid>.json} (UTC date), see {@link PayloadKeys}.
 */
public interface PayloadStore {

    void put(String key, byte[] body);

    /** Empty when no object has that key. */
    Optional<byte[]> get(String key);

    /** Deleting a missing key is not an error. */
    void delete(String key);

    /** Keys under {@code prefix} (e.g. {@code webhooks/2026/11/}) with their last-modified time. */
    List<StoredPayload> list(String prefix);

    record StoredPayload(String key, Instant lastModified) {
    }
}
