package dev.webhooker.delivery;

import java.time.Clock;
import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * {@code message_tracking}: the platform message id of an in-place update key per target
 * ({@code eventId} = {@code [groupId:]routeId:updateKey}), so later events of the same run,
 * check or deployment edit that message; with the order of the state it shows ({@code source_order},
 * see {@link StaleEditRule}).
 */
class MessageTracking {

    private final JdbcTemplate jdbc;
    private final Clock clock;

    public MessageTracking(DataSource dataSource, Clock clock) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.clock = clock;
    }

    /** A tracked message and the order of the state it shows (null: unknown). */
    public record Tracked(String messageId, Long order) {
    }

    public Optional<Tracked> find(String eventId, String targetId) {
        List<Tracked> found = jdbc.query("SELECT message_id, source_order FROM message_tracking WHERE event_id = ? AND target_id = ?",
                (rs, n) -> new Tracked(rs.getString(1), rs.getObject(2, Long.class)), eventId, targetId);
        return found.stream().findFirst();
    }

    public void save(String eventId, String targetId, String messageId, Long order) {
        long now = clock.millis();
        if (update(eventId, targetId, messageId, order, now) == 0) {
            try {
                jdbc.update("INSERT INTO message_tracking (event_id, target_id, message_id, updated_at, source_order) VALUES (?, ?, ?, ?, ?)",
                        eventId, targetId, messageId, now, order);
            } catch (DuplicateKeyException e) {
                update(eventId, targetId, messageId, order, now);
            }
        }
    }

    private int update(String eventId, String targetId, String messageId, Long order, long now) {
        return jdbc.update("UPDATE message_tracking SET message_id = ?, updated_at = ?, source_order = ?"
                + " WHERE event_id = ? AND target_id = ?", messageId, now, order, eventId, targetId);
    }

    public void forget(String eventId, String targetId) {
        jdbc.update("DELETE FROM message_tracking WHERE event_id = ? AND target_id = ?", eventId, targetId);
    }
}
