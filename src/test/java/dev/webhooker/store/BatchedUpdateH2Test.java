package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * On H2 a batched update can be told which index finds its rows: with "status = 'delivered' AND updated_at < ?" (and
 * the payload not yet cleared), H2 on its own reads every delivered row through the index that starts with status.
 */
class BatchedUpdateH2Test {

    private static final String CONDITION = "status = 'delivered' AND updated_at < ? AND payload IS NOT NULL";

    private JdbcTemplate jdbc;

    @BeforeEach
    void table() {
        JdbcDataSource dataSource = new JdbcDataSource();
        dataSource.setURL("jdbc:h2:mem:batched-" + System.nanoTime()
                + ";DB_CLOSE_DELAY=-1;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE"
                + ";NON_KEYWORDS=KEY");
        jdbc = new JdbcTemplate(dataSource);
        jdbc.execute("CREATE TABLE rows_by_age (key VARCHAR PRIMARY KEY, status VARCHAR, next_at BIGINT,"
                + " updated_at BIGINT, payload VARCHAR)");
        jdbc.execute("CREATE INDEX rows_due ON rows_by_age (status, next_at)");
        jdbc.execute("CREATE INDEX rows_updated ON rows_by_age (updated_at)");
        for (int i = 0; i < 30; i++) {
            String status = i % 3 == 0 ? "failed" : "delivered";
            jdbc.update("INSERT INTO rows_by_age VALUES (?, ?, NULL, ?, 'p')", "k" + i, status, (long) i);
        }
    }

    @Test
    void h2LeftAloneReadsTheRowsThroughTheStatusIndex() {
        assertThat(plan("UPDATE rows_by_age SET payload = NULL WHERE " + CONDITION + " FETCH FIRST ? ROWS ONLY"))
                .contains("rows_due").doesNotContain("rows_updated");
    }

    @Test
    void theNamedIndexFindsTheRowsAndOnlyThoseOfTheConditionChange() {
        String sql = BatchedUpdate.throughIndex("UPDATE rows_by_age SET payload = NULL", "rows_by_age", "key",
                "rows_updated", CONDITION);
        assertThat(plan(sql)).contains("rows_updated: updated_at <");

        long changed = new BatchedUpdate(jdbc, DatabaseUrl.Vendor.H2, 4)
                .run("UPDATE rows_by_age SET payload = NULL", "rows_by_age", "key", "rows_updated", CONDITION, 20);

        assertThat(changed).isEqualTo(13); // the delivered ones of 0..19: 20 less the 7 failed (0, 3, … 18)
        List<String> cleared = jdbc.queryForList(
                "SELECT key FROM rows_by_age WHERE payload IS NULL ORDER BY updated_at", String.class);
        assertThat(cleared).hasSize(13).doesNotContain("k0", "k3", "k18", "k20", "k29").contains("k1", "k19");
    }

    private String plan(String sql) {
        return String.join("\n", jdbc.query("EXPLAIN " + sql.replace("?", "1"), (rs, n) -> rs.getString(1)));
    }
}
