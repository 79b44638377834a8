package dev.webhooker.store;

import java.util.Arrays;

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
     * (its {@code ?} bound to {@code bounds}, in order) until fewer than a batch are left; returns the rows changed.
     * PostgreSQL has no DELETE/UPDATE … LIMIT, so it picks the batch by physical row id; H2 limits the statement
     * itself.
     */
    public long run(String statement, String table, String condition, Object... bounds) {
        return repeat(vendor == DatabaseUrl.Vendor.POSTGRESQL
                ? statement + " WHERE ctid IN (SELECT ctid FROM " + table + " WHERE " + condition + " LIMIT ?)"
                : statement + " WHERE " + condition + " FETCH FIRST ? ROWS ONLY", bounds);
    }

    /**
     * As {@link #run(String, String, String, Object...)}, but H2 finds the rows through {@code h2Index} and the
     * statement then changes them by their {@code keyColumn}. H2 picks the index whose first column the condition
     * compares by equality, however many rows share that value; a condition that bounds another indexed column on both
     * sides finds its few rows through that column's index instead.
     */
    public long run(String statement, String table, String keyColumn, String h2Index, String condition,
            Object... bounds) {
        if (vendor == DatabaseUrl.Vendor.POSTGRESQL) {
            return run(statement, table, condition, bounds);
        }
        return repeat(throughIndex(statement, table, keyColumn, h2Index, condition), bounds);
    }

    /** The H2 statement of {@link #run(String, String, String, String, String, Object...)}. */
    public static String throughIndex(String statement, String table, String keyColumn, String h2Index,
            String condition) {
        return statement + " WHERE " + keyColumn + " IN (SELECT " + keyColumn + " FROM " + table
                + " USE INDEX (" + h2Index + ") WHERE " + condition + " FETCH FIRST ? ROWS ONLY)";
    }

    private long repeat(String sql, Object[] bounds) {
        Object[] args = Arrays.copyOf(bounds, bounds.length + 1);
        args[bounds.length] = batchSize;
        long total = 0;
        int changed;
        do {
            changed = jdbc.update(sql, args);
            total += changed;
        } while (changed >= batchSize);
        return total;
    }
}
