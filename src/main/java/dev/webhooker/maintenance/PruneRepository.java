package dev.webhooker.maintenance;

import java.util.List;
import java.util.Set;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.queue.QueuePrune;
import dev.webhooker.store.BatchedUpdate;
import dev.webhooker.store.DatabaseUrl;

/**
 * The deletes behind storage-prune and audit-prune. Every delete is cut into batches of at most
 * {@code batchSize} rows, each its own short transaction, so a large backlog never holds locks that the
 * delivery queue or ingress would wait on; a call loops until nothing due is left.
 */
public class PruneRepository {

    private final BatchedUpdate batches;
    private final QueuePrune queue;

    public PruneRepository(DataSource dataSource, DatabaseUrl.Vendor vendor, int batchSize) {
        this.batches = new BatchedUpdate(new JdbcTemplate(dataSource), vendor, batchSize);
        this.queue = new QueuePrune(dataSource, vendor, batchSize);
    }

    public long deleteExpiredDedupKeys(long nowMs) {
        return deleteInBatches("dedup_keys", "expires_at < ?", nowMs);
    }

    /** The embedded KV table (unused, so empty, when Redis holds the KV store). */
    public long deleteExpiredKvEntries(long nowMs) {
        return deleteInBatches("kv_entries", "expires_at IS NOT NULL AND expires_at < ?", nowMs);
    }

    /** In-place edit locks whose holder is gone; a live one is never touched. */
    public long deleteExpiredMessageLocks(long nowMs) {
        return deleteInBatches("message_locks", "locked_until < ?", nowMs);
    }

    public long deleteMessageTrackingBefore(long cutoffMs) {
        return deleteInBatches("message_tracking", "updated_at < ?", cutoffMs);
    }

    public long deleteSendLogsBefore(long cutoffMs) {
        return deleteInBatches("send_logs", "ts < ?", cutoffMs);
    }

    public long deleteAuditLogsBefore(long cutoffMs) {
        return deleteInBatches("audit_logs", "ts < ?", cutoffMs);
    }

    /** See {@link QueuePrune#deleteFinalDeliveriesBefore}. */
    public long deleteFinalDeliveriesBefore(long deliveredCutoffMs, long undeliveredCutoffMs) {
        return queue.deleteFinalDeliveriesBefore(deliveredCutoffMs, undeliveredCutoffMs);
    }

    /** See {@link QueuePrune#discardUndeliveredPayloadsBefore}. */
    public long discardUndeliveredPayloadsBefore(long cutoffMs) {
        return queue.discardUndeliveredPayloadsBefore(cutoffMs);
    }

    /** See {@link QueuePrune#discardDeliveredPayloadsBefore}. */
    public long discardDeliveredPayloadsBefore(long cutoffMs) {
        return queue.discardDeliveredPayloadsBefore(cutoffMs);
    }

    /** See {@link QueuePrune#unneededPayloadRefs}. */
    public Set<String> unneededPayloadRefs(List<String> refs, boolean keptWhenDelivered) {
        return queue.unneededPayloadRefs(refs, keptWhenDelivered);
    }

    /**
     * Deletes rows of {@code table} matching {@code condition} (one {@code ?} bound to {@code bound}),
     * {@code batchSize} rows per statement.
     */
    private long deleteInBatches(String table, String condition, long bound) {
        return batches.run("DELETE FROM " + table, table, condition, bound);
    }
}
