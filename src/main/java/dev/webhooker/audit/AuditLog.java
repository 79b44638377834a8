package dev.webhooker.audit;

import java.time.Clock;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Writes the audit trail ({@code audit_logs}). Best effort by design: the audited
 * action has already happened when its row is written, so a failed insert is logged and swallowed and never
 * turns a successful webhook or admin call into an error.
 */
public class AuditLog {

    private static final Logger LOG = LoggerFactory.getLogger(AuditLog.class);

    private final JdbcTemplate jdbc;
    private final Clock clock;

    public AuditLog(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    public static AuditLog on(DataSource dataSource) {
        return new AuditLog(new JdbcTemplate(dataSource), Clock.systemUTC());
    }

    /** Returns whether the row was written; never throws. */
    public boolean record(AuditEntry entry) {
        try {
            jdbc.update("INSERT INTO audit_logs (ts, actor_id, actor_login, action, target_type, target_id, group_id, detail, ip) "
                            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    clock.millis(), entry.actorId(), entry.actorLogin(), entry.action(), entry.targetType(), entry.targetId(),
                    entry.groupId(), entry.detail(), entry.ip());
            return true;
        } catch (RuntimeException e) {
            LOG.warn("audit entry {} on {}/{} not written: {}", entry.action(), entry.targetType(), entry.targetId(), e.toString());
            return false;
        }
    }
}
