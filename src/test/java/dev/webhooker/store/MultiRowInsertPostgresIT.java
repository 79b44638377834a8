package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.testsupport.TestDatabases;

/** Rows inserted together on the machine's PostgreSQL. */
class MultiRowInsertPostgresIT {

    private final DataSource dataSource = TestDatabases.postgres();
    private final JdbcTemplate jdbc = new JdbcTemplate(dataSource);

    @Test
    void moreRowsThanOneStatementHasParametersForAreAllInserted() {
        jdbc.execute("CREATE TABLE wide (n INTEGER PRIMARY KEY, a TEXT, b TEXT)");
        int count = MultiRowInsert.MAX_PARAMETERS / 3 * 2 + 7;
        List<Object[]> rows = new ArrayList<>();
        for (int n = 0; n < count; n++) {
            rows.add(new Object[] {n, "a" + n, "b" + n});
        }

        MultiRowInsert.into(jdbc, new DatabaseVendor(dataSource), "wide (n, a, b)", rows);

        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM wide", Integer.class)).isEqualTo(count);
        assertThat(jdbc.queryForObject("SELECT b FROM wide WHERE n = ?", String.class, count - 1)).isEqualTo("b" + (count - 1));
    }
}
