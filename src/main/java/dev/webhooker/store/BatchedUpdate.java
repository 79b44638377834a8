package dev.webhooker.store;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A DELETE or UPDATE of many rows cut into statements of at most {@code batchSize} rows, each committed on its own,
 * so that pruning a large backlog never holds locks that the queue or the ingress would wait on.
 */
public final class BatchedUpdate {

    private final JdbcTemplate jdbc;
    private final DatabaseUrl.Vendor vendor;
    private final int batchSize;

    public BatchedUpdate(JdbcTemplate jdbc, DatabaseUrl.Vendor vendor, int batchSize) {
        this.jdbc = jdbc;
        this.vendor = vendor;
        this.batchSize = batchSize;
    }

    public int batchSize() {
        return batchSize;
    }

    /**
     * Runs {@code statement} (a DELETE or an UPDATE … SET of {@code table}) on the rows matching {@code condition}
     * (one {@code ?}, bound to {@code bound}) until fewer than a batch are left; returns the rows changed. PostgreSQL
     * has no DELETE/UPDATE … LIMIT, so it picks the batch by physical row id; H2 limits the statement itself.
     */
    public long run(String statement, String table, String condition, long bound) {
        String sql = vendor == DatabaseUrl.Vendor.POSTGRESQL
                ? statement + " WHERE ctid IN (SELECT ctid FROM " + table + " WHERE " + condition + " LIMIT ?)"
                : statement + " WHERE " + condition + " FETCH FIRST ? ROWS ONLY";
        long total = 0;
        int changed;
        do {
            changed = jdbc.update(sql, bound, batchSize);
            total += changed;
        } while (changed >= batchSize);
        return total;
    }
}
