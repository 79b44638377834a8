package dev.webhooker.delivery;

import java.util.Map;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The whole queue at a glance: deliveries not yet final (pending, retrying, processing) and the due time of
 * the oldest due one (null when none is due). Read by the metrics gauges and by the admin API's metrics for a
 * super admin, from one statement.
 */
public record QueueBacklog(long waiting, Long oldestDueAt) {

    public static QueueBacklog read(JdbcTemplate jdbc, long now) {
        Map<String, Object> row = jdbc.queryForMap("SELECT COUNT(*) AS waiting, MIN(CASE WHEN next_attempt_at <= ? THEN next_attempt_at END)"
                + " AS oldest FROM delivery_state WHERE status IN ('pending', 'retrying', 'processing')", now);
        Number oldest = (Number) row.get("oldest");
        return new QueueBacklog(((Number) row.get("waiting")).longValue(), oldest == null ? null : oldest.longValue());
    }
}
