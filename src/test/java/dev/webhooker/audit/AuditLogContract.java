package dev.webhooker.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;

import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import dev.webhooker.testsupport.DatabaseContract;
import dev.webhooker.testsupport.TestDatabases;

/** The audit writer on each database kind: every column lands where it belongs; failures are swallowed. */
abstract class AuditLogContract extends DatabaseContract {

    private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");

    @BeforeEach
    void empty() {
        jdbc.update("DELETE FROM audit_logs");
    }

    @Test
    void everyFieldIsWritten() {
        AuditLog audit = new AuditLog(jdbc, Clock.fixed(NOW, ZoneOffset.UTC));

        boolean written = audit.record(AuditEntry.of("installation.bind").actor("583231", "octocat").onGroup("team-a")
                .detail("{\"installationId\":42}").ip("203.0.113.9"));

        assertThat(written).isTrue();
        Map<String, Object> row = jdbc.queryForMap("SELECT * FROM audit_logs");
        assertThat(((Number) row.get("id")).longValue()).isPositive();
        assertThat(((Number) row.get("ts")).longValue()).isEqualTo(NOW.toEpochMilli());
        assertThat(row).containsEntry("actor_id", "583231").containsEntry("actor_login", "octocat")
                .containsEntry("action", "installation.bind").containsEntry("target_type", "group")
                .containsEntry("target_id", "team-a").containsEntry("group_id", "team-a")
                .containsEntry("detail", "{\"installationId\":42}").containsEntry("ip", "203.0.113.9");
    }

    @Test
    void partsAnActionDoesNotHaveStayNull() {
        AuditLog audit = new AuditLog(jdbc, Clock.fixed(NOW, ZoneOffset.UTC));

        audit.record(AuditEntry.of("routes.update").actor("1", "alice").target("routes", "all"));

        Map<String, Object> row = jdbc.queryForMap("SELECT * FROM audit_logs");
        assertThat(row).containsEntry("target_type", "routes").containsEntry("target_id", "all");
        assertThat(row.get("group_id")).isNull();
        assertThat(row.get("detail")).isNull();
        assertThat(row.get("ip")).isNull();
    }

    @Test
    void aFailedInsertIsSwallowedAndReported() {
        DataSource withoutTable = new DriverManagerDataSource("jdbc:h2:mem:audit-missing-" + System.nanoTime());
        AuditLog audit = AuditLog.on(withoutTable);

        assertThat(audit.record(AuditEntry.of("session.login").actor("1", "alice"))).isFalse();
    }

    @Test
    void anEntryNeedsAnAction() {
        assertThatThrownBy(() -> AuditEntry.of(" ")).isInstanceOf(IllegalArgumentException.class);
    }
}
