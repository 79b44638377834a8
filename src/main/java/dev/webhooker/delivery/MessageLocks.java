package dev.webhooker.delivery;

import java.time.Clock;
import java.time.Duration;

import javax.sql.DataSource;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The per-(eventId, target) lock of in-place updates: whoever inserts the row holds it; an
 * expired row (its holder crashed) is taken over with a compare-and-set. Both steps are single atomic
 * statements, so two workers never hold it at once, on H2 and on PostgreSQL across instances.
 */
class MessageLocks {

    private final JdbcTemplate jdbc;
    private final Clock clock;

    public MessageLocks(DataSource dataSource, Clock clock) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.clock = clock;
    }

    public boolean tryLock(String eventId, String targetId, String owner, Duration ttl) {
        long now = clock.millis();
        long until = now + ttl.toMillis();
        try {
            jdbc.update("INSERT INTO message_locks (event_id, target_id, locked_by, locked_until) VALUES (?, ?, ?, ?)",
                    eventId, targetId, owner, until);
            return true;
        } catch (DuplicateKeyException e) {
            return jdbc.update("UPDATE message_locks SET locked_by = ?, locked_until = ?"
                    + " WHERE event_id = ? AND target_id = ? AND (locked_until < ? OR locked_by = ?)",
                    owner, until, eventId, targetId, now, owner) == 1;
        }
    }

    public void unlock(String eventId, String targetId, String owner) {
        jdbc.update("DELETE FROM message_locks WHERE event_id = ? AND target_id = ? AND locked_by = ?", eventId, targetId, owner);
    }
}
