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
 * check or deployment edit that message.
 */
public class MessageTracking {

    private final JdbcTemplate jdbc;
    private final Clock clock;

    public MessageTracking(DataSource dataSource, Clock clock) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.clock = clock;
    }

    public Optional<String> find(String eventId, String targetId) {
        List<String> ids = jdbc.queryForList("SELECT message_id FROM message_tracking WHERE event_id = ? AND target_id = ?",
                String.class, eventId, targetId);
        return ids.stream().findFirst();
    }

    public void save(String eventId, String targetId, String messageId) {
        long now = clock.millis();
        int updated = jdbc.update("UPDATE message_tracking SET message_id = ?, updated_at = ? WHERE event_id = ? AND target_id = ?",
                messageId, now, eventId, targetId);
        if (updated == 0) {
            try {
                jdbc.update("INSERT INTO message_tracking (event_id, target_id, message_id, updated_at) VALUES (?, ?, ?, ?)",
                        eventId, targetId, messageId, now);
            } catch (DuplicateKeyException e) {
                jdbc.update("UPDATE message_tracking SET message_id = ?, updated_at = ? WHERE event_id = ? AND target_id = ?",
                        messageId, now, eventId, targetId);
            }
        }
    }

    public void forget(String eventId, String targetId) {
        jdbc.update("DELETE FROM message_tracking WHERE event_id = ? AND target_id = ?", eventId, targetId);
    }
}
