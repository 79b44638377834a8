package dev.webhooker.control;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** The stored deliveries of one delivery id and their (route × target) rows, for the admin API's delivery view. */
@Component
class DeliveryViews {

    private final JdbcTemplate jdbc;

    DeliveryViews(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** One per endpoint the delivery came in on, oldest first. */
    List<Map<String, Object>> deliveries(String deliveryId) {
        return jdbc.query("SELECT key, status, provider, event, group_id, received_at, updated_at, last_error,"
                + " CASE WHEN payload IS NOT NULL OR payload_ref IS NOT NULL THEN 1 ELSE 0 END AS payload_kept FROM delivery_state"
                + " WHERE delivery_id = ? ORDER BY received_at", DeliveryViews::delivery, deliveryId);
    }

    /** The delivery's targets in plan order; none until a worker has taken it. */
    List<Map<String, Object>> targets(String deliveryKey) {
        return jdbc.query("SELECT * FROM delivery_targets WHERE delivery_key = ? ORDER BY position", DeliveryViews::target, deliveryKey);
    }

    private static Map<String, Object> delivery(ResultSet rs, int row) throws SQLException {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("key", rs.getString("key"));
        d.put("status", rs.getString("status"));
        d.put("provider", rs.getString("provider"));
        d.put("event", rs.getString("event"));
        d.put("endpointGroupId", rs.getString("group_id"));
        d.put("receivedAt", rs.getObject("received_at", Long.class));
        d.put("updatedAt", rs.getLong("updated_at"));
        d.put("lastError", rs.getString("last_error"));
        // whether it can still be replayed (a failed or dead one keeps it for FAILED_PAYLOAD_RETENTION)
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
