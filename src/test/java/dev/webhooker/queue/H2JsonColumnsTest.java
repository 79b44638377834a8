package dev.webhooker.queue;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

import dev.webhooker.store.CommitGroups;
import dev.webhooker.testsupport.DeliveryRows;
import dev.webhooker.testsupport.TestClock;
import dev.webhooker.testsupport.TestDatabases;

/**
 * The embedded database keeps a payload and a call record as their UTF-8 bytes (V18_1), and every statement still
 * reads and writes them as text: what was stored before the upgrade too.
 */
class H2JsonColumnsTest {

    private static final String PAYLOAD = "{\"message\":\"déjà vu ✓ 🚀\",\"n\":1}";

    private DataSource dataSource;

    @AfterEach
    void closeDatabase() throws Exception {
        if (dataSource instanceof AutoCloseable closeable) {
            closeable.close();
        }
    }

    @Test
    void thePayloadAndTheCallRecordAreStoredAsTheirUtf8Bytes() {
        dataSource = TestDatabases.create(TestDatabases.Kind.H2);
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        assertThat(jdbc.queryForList("SELECT table_name || '.' || column_name || ' ' || UPPER(data_type) FROM information_schema.columns"
                + " WHERE (table_name, column_name) IN (('delivery_state', 'payload'), ('send_logs', 'call_record'))"
                + " ORDER BY table_name", String.class))
                .containsExactly("delivery_state.payload BINARY VARYING", "send_logs.call_record BINARY VARYING");

        new DeliveryRows(dataSource).insertPending("github", null, "d1", "push", PAYLOAD, null, 0);
        assertThat(jdbc.queryForObject("SELECT OCTET_LENGTH(payload) FROM delivery_state", Integer.class))
                .isEqualTo(PAYLOAD.getBytes(StandardCharsets.UTF_8).length)
                .isGreaterThan(PAYLOAD.length());
    }

    @Test
    void aClaimReadsTheTextThatWasQueuedWithEveryCharacterKept() {
        dataSource = TestDatabases.create(TestDatabases.Kind.H2);
        TestClock clock = new TestClock(Instant.parse("2026-12-04T10:00:00Z"));
        DeliveryQueue queue = new DeliveryQueue(dataSource, CommitGroups.of(new DataSourceTransactionManager(dataSource),
                TestDatabases.Kind.H2.vendor()).delivery(), clock, "node-a", DueWorkNotice.none());
        String key = new DeliveryRows(dataSource).insertPending("github", null, "d1", "push", PAYLOAD, null, clock.millis());

        List<ClaimedDelivery> claimed = queue.claimDue(1, Duration.ofMinutes(1));

        assertThat(claimed).singleElement().satisfies(c -> {
            assertThat(c.key()).isEqualTo(key);
            assertThat(c.payload()).isEqualTo(PAYLOAD);
        });
    }

    @Test
    void rowsWrittenAsTextBeforeTheUpgradeReadTheSameAfterIt() {
        dataSource = TestDatabases.before(TestDatabases.Kind.H2, "17.2");
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        new DeliveryRows(dataSource).insertPending("github", null, "d1", "push", PAYLOAD, null, 0);
        jdbc.update("INSERT INTO send_logs (ts, route_id, event, target, ok, delivery_id, call_record) VALUES (0, 'r', 'push',"
                + " 'discord:1', 1, 'd1', ?)", PAYLOAD);

        TestDatabases.upgrade(dataSource, TestDatabases.Kind.H2);

        assertThat(jdbc.queryForObject("SELECT payload FROM delivery_state", String.class)).isEqualTo(PAYLOAD);
        assertThat(jdbc.queryForObject("SELECT call_record FROM send_logs", String.class)).isEqualTo(PAYLOAD);
    }
}
