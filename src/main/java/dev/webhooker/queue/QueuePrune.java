package dev.webhooker.queue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import dev.webhooker.store.BatchedUpdate;
import dev.webhooker.store.DatabaseUrl;

/**
 * The queue's part of storage-prune: final deliveries past their retention go with their target rows, failed and
 * dead ones give up their payload first, and a parked payload is kept while a delivery may still need it. Each
 * batch is its own short transaction.
 */
public class QueuePrune {

    private static final String UNDELIVERED_IN = "('failed', 'dead')";
    private static final String UPDATED_AT_INDEX = "idx_delivery_state_updated_at";
    private static final String DISCARD_PAYLOAD = "UPDATE delivery_state SET payload = NULL, payload_ref = NULL";
    /** How far apart, in cutoffs, the delivered-payload discards that read every delivered row are at most. */
    private static final Duration FULL_DISCARD_EVERY = Duration.ofDays(1);
    private static final long NOT_YET = Long.MIN_VALUE;

    private final JdbcTemplate jdbc;
    private final TransactionTemplate tx;
    private final BatchedUpdate batches;
    private final int batchSize;
    private final DatabaseUrl.Vendor vendor;
    /**
     * The cutoff of the last delivered-payload discard that finished, and of the last one that read every row. The
     * first run to finish reads every row, so both are set from then on.
     */
    private long deliveredDiscardedBefore = NOT_YET;
    private long lastFullDiscardBefore = NOT_YET;

    public QueuePrune(DataSource dataSource, DatabaseUrl.Vendor vendor, int batchSize) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.tx = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        this.batches = new BatchedUpdate(jdbc, vendor, batchSize);
        this.batchSize = batchSize;
        this.vendor = vendor;
    }

    /**
     * Final delivery rows last updated before their cutoff (delivered ones before {@code deliveredCutoffMs},
     * failed and dead ones before {@code undeliveredCutoffMs}), with their target rows. Rows still pending or
     * retrying are never removed, however old.
     */
    public long deleteFinalDeliveriesBefore(long deliveredCutoffMs, long undeliveredCutoffMs) {
        return deleteFinalDeliveriesBefore("('delivered')", deliveredCutoffMs)
                + deleteFinalDeliveriesBefore(UNDELIVERED_IN, undeliveredCutoffMs);
    }

    private long deleteFinalDeliveriesBefore(String statuses, long cutoffMs) {
        long total = 0;
        while (true) {
            List<String> keys = jdbc.queryForList(expiredKeys(statuses, vendor), String.class, cutoffMs,
                    batchSize);
            if (keys.isEmpty()) {
                return total;
            }
            Integer deleted = tx.execute(status -> deleteDeliveries(keys, statuses, cutoffMs));
            total += deleted == null ? 0 : deleted;
            if (keys.size() < batchSize) {
                return total;
            }
        }
    }

    /**
     * The oldest final deliveries of {@code statuses} last updated before the cutoff (the first parameter), at most
     * the limit (the second). Through the updated_at index it reads the oldest rows first and stops at the limit. H2 on
     * its own chose the (status, next_attempt_at) index, since the condition compares status by equality, and so read
     * every delivered row of the retention window on each prune (858 ms for 442,000 delivered rows, against 11 ms).
     */
    static String expiredKeys(String statuses, DatabaseUrl.Vendor vendor) {
        return "SELECT key FROM " + byUpdatedAt(vendor) + " WHERE status IN " + statuses + " AND updated_at < ?"
                + " ORDER BY updated_at LIMIT ?";
    }

    /** delivery_state, read through its updated_at index: PostgreSQL picks it itself, H2 is told to. */
    private static String byUpdatedAt(DatabaseUrl.Vendor vendor) {
        return vendor == DatabaseUrl.Vendor.POSTGRESQL ? "delivery_state"
                : "delivery_state USE INDEX (" + UPDATED_AT_INDEX + ")";
    }

    private int deleteDeliveries(List<String> candidates, String statuses, long cutoffMs) {
        // Lock and re-check inside the transaction: a row an operator re-queued since the SELECT keeps
        // its target rows.
        List<String> keys = jdbc.queryForList(
                "SELECT key FROM delivery_state WHERE key IN (" + placeholders(candidates.size()) + ")"
                        + " AND status IN " + statuses + " AND updated_at < ? FOR UPDATE",
                String.class, args(candidates, cutoffMs));
        if (keys.isEmpty()) {
            return 0;
        }
        deleteTargetRowsOf(keys);
        return jdbc.update("DELETE FROM delivery_state WHERE key IN (" + placeholders(keys.size()) + ")",
                keys.toArray());
    }

    /** The delivery engine's per-target rows go with their delivery. */
    private void deleteTargetRowsOf(List<String> deliveryKeys) {
        jdbc.update("DELETE FROM delivery_targets WHERE delivery_key IN (" + placeholders(deliveryKeys.size()) + ")",
                deliveryKeys.toArray());
    }

    /**
     * Failed and dead deliveries that ended before {@code cutoffMs} give up their payload (inline text and
     * parked-object reference): past FAILED_PAYLOAD_RETENTION they can no longer be replayed. A replay re-opens
     * a row by a conditional update too, so a row re-opened meanwhile is not pending any more here, and keeps it.
     */
    public long discardUndeliveredPayloadsBefore(long cutoffMs) {
        return batches.run(DISCARD_PAYLOAD, "delivery_state",
                "status IN " + UNDELIVERED_IN + " AND updated_at < ? AND (payload IS NOT NULL OR payload_ref IS NOT NULL)",
                cutoffMs);
    }

    /**
     * Delivered deliveries last updated before {@code cutoffMs} give up their payload (inline text and parked-object
     * reference): past DELIVERED_PAYLOAD_RETENTION the delivery view no longer shows it.
     * <p>
     * The rows are read in the order of the updated_at index, a batch at a time, each batch starting at the stamp where
     * the last one ended, so a row is read again only when it shares that stamp. Read by their status, H2 went through
     * every delivered row of the retention window on each run, and again for each batch: seconds for a few hundred
     * thousand rows. A run starts at the cutoff of the last run that finished: a delivery is stamped with the time it
     * was delivered, so one stamped before that cutoff was already there for that run, unless its stamp lagged the
     * run's clock by more than the retention (a clock set back, another instance's clock that far behind). The first
     * run of this instance, and then at least one every {@link #FULL_DISCARD_EVERY} of cutoffs, starts at the oldest
     * row instead, and so catches such a stamp.
     */
    public synchronized long discardDeliveredPayloadsBefore(long cutoffMs) {
        boolean full = lastFullDiscardBefore == NOT_YET || cutoffMs < deliveredDiscardedBefore
                || cutoffMs - lastFullDiscardBefore >= FULL_DISCARD_EVERY.toMillis();
        long from = full ? Long.MIN_VALUE : deliveredDiscardedBefore;
        long discarded = 0;
        while (true) {
            List<Stamped> rows = jdbc.query(deliveredWithPayload(vendor),
                    (rs, n) -> new Stamped(rs.getString(1), rs.getLong(2)), from, cutoffMs, batchSize);
            if (rows.isEmpty()) {
                break;
            }
            // checked again as it is changed: a delivery re-opened since the SELECT keeps its payload
            discarded += jdbc.update(DISCARD_PAYLOAD + " WHERE key IN (" + placeholders(rows.size()) + ")"
                    + " AND status = 'delivered' AND updated_at < ?",
                    args(rows.stream().map(Stamped::key).toList(), cutoffMs));
            if (rows.size() < batchSize) {
                break;
            }
            from = rows.get(rows.size() - 1).updatedAt();
        }
        if (full) {
            lastFullDiscardBefore = cutoffMs;
        }
        deliveredDiscardedBefore = cutoffMs;
        return discarded;
    }

    private record Stamped(String key, long updatedAt) {
    }

    /**
     * Delivered deliveries that still have a payload, stamped from the first bound up to the second, oldest first, at
     * most the limit (the third), through the updated_at index.
     */
    static String deliveredWithPayload(DatabaseUrl.Vendor vendor) {
        return "SELECT key, updated_at FROM " + byUpdatedAt(vendor) + " WHERE updated_at >= ? AND updated_at < ?"
                + " AND status = 'delivered' AND (payload IS NOT NULL OR payload_ref IS NOT NULL)"
                + " ORDER BY updated_at LIMIT ?";
    }

    /**
     * Of these parked-payload keys, the ones no delivery still needs: no delivery row references the key, or every
     * row that does is delivered and the queue does not keep a delivered one's payload ({@code keptWhenDelivered}
     * false). A failed or dead one keeps its payload for a replay until {@link #discardUndeliveredPayloadsBefore} lets
     * go of it, and a delivered one, when kept, until {@link #discardDeliveredPayloadsBefore} does.
     */
    public Set<String> unneededPayloadRefs(List<String> refs, boolean keptWhenDelivered) {
        Set<String> unneeded = new HashSet<>();
        for (int from = 0; from < refs.size(); from += batchSize) {
            List<String> chunk = refs.subList(from, Math.min(refs.size(), from + batchSize));
            Set<String> needed = new HashSet<>(jdbc.queryForList(
                    "SELECT DISTINCT payload_ref FROM delivery_state WHERE payload_ref IN ("
                            + placeholders(chunk.size()) + ")" + (keptWhenDelivered ? "" : " AND status <> 'delivered'"),
                    String.class, chunk.toArray()));
            for (String ref : chunk) {
                if (!needed.contains(ref)) {
                    unneeded.add(ref);
                }
            }
        }
        return Collections.unmodifiableSet(unneeded);
    }

    private static String placeholders(int n) {
        return String.join(", ", Collections.nCopies(n, "?"));
    }

    private static Object[] args(List<String> values, Object last) {
        List<Object> all = new ArrayList<>(values);
        all.add(last);
        return all.toArray();
    }
}
