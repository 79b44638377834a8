package dev.webhooker.maintenance;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.store.PayloadKeys;
import dev.webhooker.store.PayloadStore;

/**
 * The storage-prune job: expired dedup claims and embedded-KV rows, final delivery
 * rows after the retention (never shorter than the dedup window, so a redelivered webhook is still
 * recognised; a failed or dead one never before its payload's retention either), the payload of failed and
 * dead deliveries after FAILED_PAYLOAD_RETENTION (kept until then for a replay), the payload of delivered ones after
 * DELIVERED_PAYLOAD_RETENTION (kept until then for the delivery view), message tracking after 30
 * days, send logs after SEND_LOG_RETENTION_DAYS, and parked payloads that no delivery needs any more. Each
 * part runs on its own: one failing is logged and the others still run.
 */
public class StoragePrune {

    private static final Logger log = LoggerFactory.getLogger(StoragePrune.class);

    /** The parts of a run, as its result and the meters name them. */
    public static final List<String> PARTS = List.of("dedup_keys", "kv_entries", "delivery_state", "failed_payloads",
            "delivered_payloads", "message_tracking", "message_locks", "send_logs", "payloads");

    static final Duration DELIVERY_RETENTION = Duration.ofDays(7);
    static final Duration TRACKING_RETENTION = Duration.ofDays(30);

    private final PruneRepository repository;
    private final PayloadStore payloads;
    private final Clock clock;
    private final Duration deliveryRetention;
    private final Duration failedPayloadRetention;
    private final Duration deliveredPayloadRetention;
    private final Duration sendLogRetention;
    private final Duration payloadGrace;

    /**
     * @param dedupWindow  how long ingress remembers a delivery id; delivery rows are kept at least as long
     * @param failedPayloadRetention how long a failed or dead delivery keeps its payload (for a replay)
     * @param deliveredPayloadRetention how long a delivered one keeps it (for the delivery view); zero: the delivery
     *                     discarded it when it ended
     * @param payloadGrace parked objects younger than this are left alone: their delivery row may not be
     *                     committed yet (the payload is written before the row), or may still be retrying
     */
    public StoragePrune(PruneRepository repository, PayloadStore payloads, Clock clock, Duration dedupWindow,
            int sendLogDays, Duration failedPayloadRetention, Duration payloadGrace, Duration deliveredPayloadRetention) {
        this.repository = repository;
        this.payloads = payloads;
        this.clock = clock;
        this.deliveryRetention = dedupWindow != null && dedupWindow.compareTo(DELIVERY_RETENTION) > 0
                ? dedupWindow : DELIVERY_RETENTION;
        this.failedPayloadRetention = failedPayloadRetention;
        this.deliveredPayloadRetention = deliveredPayloadRetention;
        this.sendLogRetention = Duration.ofDays(Math.max(1, sendLogDays));
        this.payloadGrace = payloadGrace;
    }

    /** Runs every part and returns how many rows or objects each removed ({@code -1} when it failed). */
    public Map<String, Long> run() {
        long now = clock.millis();
        Map<String, Long> removed = new LinkedHashMap<>();
        part(removed, "dedup_keys", () -> repository.deleteExpiredDedupKeys(now));
        part(removed, "kv_entries", () -> repository.deleteExpiredKvEntries(now));
        long undeliveredRetention = Math.max(deliveryRetention.toMillis(), failedPayloadRetention.toMillis());
        part(removed, "delivery_state", () -> repository.deleteFinalDeliveriesBefore(now - deliveryRetention.toMillis(),
                now - undeliveredRetention));
        // before the sweep: the objects of the payloads discarded here are then unneeded and go too
        part(removed, "failed_payloads", () -> repository.discardUndeliveredPayloadsBefore(now - failedPayloadRetention.toMillis()));
        if (keepsDeliveredPayloads()) {
            part(removed, "delivered_payloads",
                    () -> repository.discardDeliveredPayloadsBefore(now - deliveredPayloadRetention.toMillis()));
        }
        part(removed, "message_tracking", () -> repository.deleteMessageTrackingBefore(now - TRACKING_RETENTION.toMillis()));
        part(removed, "message_locks", () -> repository.deleteExpiredMessageLocks(now));
        part(removed, "send_logs", () -> repository.deleteSendLogsBefore(now - sendLogRetention.toMillis()));
        // after the delivery rows: a payload whose row was just pruned is now "gone" and goes too
        part(removed, "payloads", () -> sweepPayloads(Instant.ofEpochMilli(now).minus(payloadGrace)));
        log.info("storage-prune removed {}", removed);
        return removed;
    }

    private long sweepPayloads(Instant olderThan) {
        List<String> candidates = payloads.list(PayloadKeys.PREFIX).stream()
                // a shared bucket may hold other objects: only keys of our own layout are ever deleted
                .filter(p -> PayloadKeys.isValid(p.key()) && p.lastModified().isBefore(olderThan))
                .map(PayloadStore.StoredPayload::key)
                .toList();
        if (candidates.isEmpty()) {
            return 0;
        }
        Set<String> unneeded = repository.unneededPayloadRefs(candidates, keepsDeliveredPayloads());
        for (String key : unneeded) {
            payloads.delete(key);
        }
        return unneeded.size();
    }

    private boolean keepsDeliveredPayloads() {
        return !deliveredPayloadRetention.isZero();
    }

    private static void part(Map<String, Long> removed, String name, LongSupplier action) {
        try {
            removed.put(name, action.getAsLong());
        } catch (RuntimeException e) {
            log.warn("storage-prune: {} failed: {}", name, e.toString());
            removed.put(name, -1L);
        }
    }
}
