package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;

import javax.sql.DataSource;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.testsupport.TestDatabases;

class H2HousekeepingTest {

    @Test
    void theEmbeddedUrlKeepsWrittenOverChunksForFiveSeconds() throws SQLException {
        DataSource dataSource = TestDatabases.h2();
        try (Connection connection = dataSource.getConnection()) {
            assertThat(H2Housekeeping.fileStoreOf(connection)).hasValueSatisfying(
                    store -> assertThat(store.getFileStore().getRetentionTime()).isEqualTo(5000));
        }
    }

    @Test
    void rewritesTheSparseChunksThatSmallCommitsLeaveBehind() throws SQLException {
        DataSource dataSource = TestDatabases.h2();
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        // chunks written in this test are to be rewritable at once, not after the embedded five seconds
        jdbc.execute("SET RETENTION_TIME 0");
        jdbc.execute("CREATE TABLE filler (id BIGINT PRIMARY KEY, note VARCHAR(200))");
        // one commit per row: each commit's chunk ends up holding little more than a full leaf page
        for (int i = 0; i < 3000; i++) {
            jdbc.update("INSERT INTO filler VALUES (?, ?)", i, "row " + i + " " + "x".repeat(100));
        }
        int before = chunksFillRate(dataSource);
        assertThat(before).isLessThan(H2Housekeeping.TARGET_FILL_RATE);

        H2Housekeeping housekeeping = new H2Housekeeping(dataSource, DatabaseUrl.Vendor.H2);
        boolean rewrote = false;
        for (int i = 0; i < 20; i++) { // as the timer would: a run, then the application's next commits
            rewrote |= housekeeping.run();
            jdbc.update("INSERT INTO filler VALUES (?, 'after')", 10_000 + i);
        }

        assertThat(rewrote).isTrue();
        assertThat(chunksFillRate(dataSource)).isGreaterThanOrEqualTo(H2Housekeeping.TARGET_FILL_RATE);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM filler WHERE id < 3000", Integer.class)).isEqualTo(3000);
    }

    @Test
    void doesNothingOnPostgreSql() throws SQLException {
        assertThat(new H2Housekeeping(TestDatabases.postgres(), DatabaseUrl.Vendor.POSTGRESQL).run()).isFalse();
    }

    @Test
    void doesNothingOnAnInMemoryH2Database() throws SQLException {
        JdbcDataSource memory = new JdbcDataSource();
        memory.setURL("jdbc:h2:mem:housekeeping;DB_CLOSE_DELAY=-1");
        assertThat(new H2Housekeeping(memory, DatabaseUrl.Vendor.H2).run()).isFalse();
    }

    private static int chunksFillRate(DataSource dataSource) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            return H2Housekeeping.fileStoreOf(connection).orElseThrow().getFileStore().getChunksFillRate();
        }
    }
}
