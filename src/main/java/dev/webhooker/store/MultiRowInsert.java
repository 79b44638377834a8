package dev.webhooker.store;

import java.util.Collections;
import java.util.List;

import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.store.DatabaseVendor;

/**
 * Rows written together. Inserted: on PostgreSQL one statement with a VALUES row each (as many statements as its limit of
 * parameters needs): one round trip, parsed and planned once
 * (the driver's own rewriting of a batch splits it into powers of two, two statements for a plan of three targets). On
 * H2, in-process, a batch of the one cached single-row statement: a statement text per row count would be parsed anew
 * each time.
 */
public final class MultiRowInsert {

    /** The most parameters one PostgreSQL statement may have. */
    static final int MAX_PARAMETERS = 65_535;

    private MultiRowInsert() {
    }

    /** {@code table} is the table's name with its column list; each row has a value per column. */
    public static void into(JdbcTemplate jdbc, DatabaseVendor vendor, String table, List<Object[]> rows) {
        if (rows.isEmpty()) {
            return;
        }
        String row = "(" + String.join(", ", Collections.nCopies(rows.get(0).length, "?")) + ")";
        if (!vendor.isPostgres()) {
            jdbc.batchUpdate("INSERT INTO " + table + " VALUES " + row, rows);
            return;
        }
        // a statement carries at most 65,535 parameters (the protocol counts them in 16 bits)
        int perStatement = Math.max(1, MAX_PARAMETERS / rows.get(0).length);
        for (int from = 0; from < rows.size(); from += perStatement) {
            List<Object[]> part = rows.subList(from, Math.min(rows.size(), from + perStatement));
            jdbc.update("INSERT INTO " + table + " VALUES " + String.join(", ", Collections.nCopies(part.size(), row)),
                    part.stream().flatMap(values -> java.util.Arrays.stream(values)).toArray());
        }
    }

    /**
     * {@code count} rows of a VALUES list for PostgreSQL's {@code UPDATE … FROM (VALUES …)}, each parameter cast to its
     * column's type: VALUES gives its columns no type from the table, so a column of nulls would be text.
     */
    public static String typedRows(int count, List<String> types) {
        String row = "(" + String.join(", ", types.stream().map(type -> "CAST(? AS " + type + ")").toList()) + ")";
        return String.join(", ", Collections.nCopies(count, row));
    }
}
