package dev.webhooker.queue;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The queue's rows as the admin API shows them: the stored deliveries of one delivery id, a search of the recent ones,
 * a delivery's (route × target) rows, each as a JSON-ready map, and a delivery's kept payload.
 */
public class DeliveryRecords {

    /**
     * What a search of deliveries asks: any of {@code statuses}; {@code repo} ({@code owner/name}, in any case) and
     * {@code event} when set; received from {@code since} (inclusive) until {@code until} (exclusive) when set.
     */
    public record Search(Collection<String> statuses, String repo, String event, Long since, Long until) {

        public Search {
            statuses = List.copyOf(statuses);
        }
    }

    /** A delivery's payload as kept: the JSON inline, or the key of the object it is parked under. */
    public record KeptPayload(String json, String parkedKey) {
    }

    private static final String COLUMNS = "s.key, s.status, s.provider, s.event, s.repo, s.group_id, s.received_at, s.updated_at, s.last_error,"
            + " CASE WHEN s.payload IS NOT NULL OR s.payload_ref IS NOT NULL THEN 1 ELSE 0 END AS payload_kept";

    private final JdbcTemplate jdbc;

    public DeliveryRecords(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** One per endpoint the delivery came in on, oldest first. */
    public List<Map<String, Object>> deliveries(String deliveryId) {
        return jdbc.query("SELECT " + COLUMNS + " FROM delivery_state s WHERE s.delivery_id = ? ORDER BY s.received_at",
                DeliveryRecords::delivery, deliveryId);
    }

    /**
     * The most recently updated deliveries that match {@code search}, newest first: all of them for super
     * admins ({@code groups} null), else those that came in on one of {@code groups}' endpoints or have a target
     * in one of them; {@code groupId} narrows it to one group.
     */
    public List<Map<String, Object>> search(Search search, Collection<String> groups, String groupId, int limit) {
        StringBuilder sql = new StringBuilder("SELECT s.delivery_id, " + COLUMNS + " FROM delivery_state s WHERE s.status IN (")
                .append(String.join(", ", search.statuses().stream().map(x -> "?").toList())).append(')');
        List<Object> args = new ArrayList<>(search.statuses());
        // forges treat repository names without regard to case
        where(sql, args, " AND LOWER(s.repo) = LOWER(?)", search.repo());
        where(sql, args, " AND s.event = ?", search.event());
        where(sql, args, " AND s.received_at >= ?", search.since());
        where(sql, args, " AND s.received_at < ?", search.until());
        List<String> scope = groupId != null ? List.of(groupId) : groups == null ? null : List.copyOf(groups);
        if (scope != null) {
            if (scope.isEmpty()) {
                return List.of();
            }
            String in = String.join(", ", scope.stream().map(x -> "?").toList());
            sql.append(" AND (s.group_id IN (").append(in).append(") OR EXISTS (SELECT 1 FROM delivery_targets t")
                    .append(" WHERE t.delivery_key = s.key AND t.group_id IN (").append(in).append(")))");
            args.addAll(scope);
            args.addAll(scope);
        }
        sql.append(" ORDER BY s.updated_at DESC FETCH FIRST ").append(limit).append(" ROWS ONLY");
        return jdbc.query(sql.toString(), (rs, row) -> {
            Map<String, Object> d = delivery(rs, row);
            d.put("deliveryId", rs.getString("delivery_id"));
            return d;
        }, args.toArray());
    }

    /** {@code condition} with {@code value} as its parameter, when the search sets it. */
    private static void where(StringBuilder sql, List<Object> args, String condition, Object value) {
        if (value != null) {
            sql.append(condition);
            args.add(value);
        }
    }

    /** The payload of the stored delivery {@code key}, while it is kept. */
    public Optional<KeptPayload> payload(String key) {
        return jdbc.query("SELECT payload, payload_ref FROM delivery_state WHERE key = ?",
                (rs, row) -> rs.getString("payload") == null && rs.getString("payload_ref") == null ? null
                        : new KeptPayload(rs.getString("payload"), rs.getString("payload_ref")), key)
                .stream().filter(Objects::nonNull).findFirst();
    }

    /** The delivery's targets in plan order; none until a worker has taken it. */
    public List<Map<String, Object>> targets(String deliveryKey) {
        return jdbc.query("SELECT * FROM delivery_targets WHERE delivery_key = ? ORDER BY position", DeliveryRecords::target, deliveryKey);
    }

    private static Map<String, Object> delivery(ResultSet rs, int row) throws SQLException {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("key", rs.getString("key"));
        d.put("status", rs.getString("status"));
        d.put("provider", rs.getString("provider"));
        d.put("event", rs.getString("event"));
        d.put("repo", rs.getString("repo"));
        d.put("endpointGroupId", rs.getString("group_id"));
        d.put("receivedAt", rs.getObject("received_at", Long.class));
        d.put("updatedAt", rs.getLong("updated_at"));
        d.put("lastError", rs.getString("last_error"));
        // whether it is still kept: for a replay (a failed or dead one, FAILED_PAYLOAD_RETENTION) and for the view
        d.put("payloadKept", rs.getInt("payload_kept") == 1);
        d.values().removeIf(Objects::isNull);
        return d;
    }

    private static Map<String, Object> target(ResultSet rs, int row) throws SQLException {
        Map<String, Object> t = new LinkedHashMap<>();
        String status = rs.getString("status");
        t.put("groupId", rs.getString("group_id"));
        t.put("routeId", rs.getString("route_id"));
        t.put("routeName", rs.getString("route_name"));
        t.put("targetId", rs.getString("target_id"));
        t.put("platform", rs.getString("platform"));
        t.put("status", status);
        t.put("attempts", rs.getInt("attempts"));
        if ("pending".equals(status) || "retrying".equals(status)) {
            t.put("nextAttemptAt", rs.getLong("next_attempt_at"));
        }
        t.put("lastError", rs.getString("last_error"));
        t.put("errorCode", rs.getString("error_code"));
        t.put("httpStatus", rs.getObject("http_status", Integer.class));
        t.put("messageId", rs.getString("message_id"));
        t.put("updatedAt", rs.getLong("updated_at"));
        t.values().removeIf(Objects::isNull);
        return t;
    }
}
