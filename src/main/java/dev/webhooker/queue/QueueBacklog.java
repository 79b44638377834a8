package dev.webhooker.queue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The queue at a glance: deliveries not yet final and the due time of the oldest due one (null when none is due).
 * Read by the metrics gauges and by the admin API's metrics, from one statement.
 */
public record QueueBacklog(long waiting, Long oldestDueAt) {

    /** The whole queue: every delivery row still pending, retrying or processing (unplanned ones included). */
    public static QueueBacklog read(JdbcTemplate jdbc, long now) {
        Map<String, Object> row = jdbc.queryForMap("SELECT COUNT(*) AS waiting, MIN(CASE WHEN next_attempt_at <= ? THEN next_attempt_at END)"
                + " AS oldest FROM delivery_state WHERE status IN ('pending', 'retrying', 'processing')", now);
        Number oldest = (Number) row.get("oldest");
        return new QueueBacklog(((Number) row.get("waiting")).longValue(), oldest == null ? null : oldest.longValue());
    }

    /**
     * The deliveries with a target of {@code groups} (null: any group) still to send, narrowed to {@code groupId}
     * when it is not null, and the oldest due time among those targets.
     */
    public static QueueBacklog readForGroups(JdbcTemplate jdbc, Collection<String> groups, String groupId, long now) {
        StringBuilder where = new StringBuilder(" WHERE status IN ('pending', 'retrying')");
        List<Object> args = new ArrayList<>(List.of(now));
        if (groups != null) {
            if (groups.isEmpty()) {
                return new QueueBacklog(0, null);
            }
            where.append(" AND group_id IN (").append(String.join(", ", Collections.nCopies(groups.size(), "?"))).append(')');
            args.addAll(groups);
        }
        if (groupId != null) {
            where.append(" AND group_id = ?");
            args.add(groupId);
        }
        Map<String, Object> row = jdbc.queryForMap("SELECT COUNT(DISTINCT delivery_key) AS waiting,"
                + " MIN(CASE WHEN next_attempt_at <= ? THEN next_attempt_at END) AS oldest FROM delivery_targets" + where, args.toArray());
        Number oldest = (Number) row.get("oldest");
        return new QueueBacklog(((Number) row.get("waiting")).longValue(), oldest == null ? null : oldest.longValue());
    }
}
