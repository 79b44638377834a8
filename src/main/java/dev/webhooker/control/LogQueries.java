package dev.webhooker.control;

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
import org.springframework.stereotype.Component;

/**
 * Send logs and audit entries for the admin API, newest first, a page at a time: the cursor is the last id
 * seen ({@code before}), so a page stays the same while new rows arrive. Scoping and filters are in the SQL
 * (WebHooker took the 200 newest rows instance-wide and filtered them afterwards, so a busy tenant pushed a
 * quiet one's rows out of sight).
 */
@Component
class LogQueries {

    static final int DEFAULT_LIMIT = 50;
    static final int MAX_LIMIT = 200;

    private final JdbcTemplate jdbc;

    LogQueries(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * What to list. {@code groups}: the groups the caller may see, null for all (super admins); rows of no
     * group are then included too. The other fields narrow it down when set.
     */
    record SendLogFilter(Collection<String> groups, String groupId, String routeId, String event, String platform, Boolean ok,
                         String errorCode, String deliveryId, Long since, Long until, Long before, int limit) {
    }

    record AuditFilter(Collection<String> groups, String groupId, String action, Long since, Long until, Long before, int limit) {
    }

    List<Map<String, Object>> sendLogs(SendLogFilter f) {
        StringBuilder sql = new StringBuilder("SELECT * FROM send_logs WHERE 1 = 1");
        List<Object> args = new ArrayList<>();
        scope(sql, args, f.groups());
        equal(sql, args, "group_id", f.groupId());
        equal(sql, args, "route_id", f.routeId());
        equal(sql, args, "event", f.event());
        equal(sql, args, "platform", f.platform());
        equal(sql, args, "error_code", f.errorCode());
        equal(sql, args, "delivery_id", f.deliveryId());
        if (f.ok() != null) {
            sql.append(" AND ok = ?");
            args.add(f.ok() ? 1 : 0);
        }
        window(sql, args, f.since(), f.until(), f.before());
        sql.append(" ORDER BY id DESC FETCH FIRST ").append(f.limit()).append(" ROWS ONLY");
        return jdbc.query(sql.toString(), LogQueries::sendLog, args.toArray());
    }

    Optional<Map<String, Object>> sendLog(long id) {
        return jdbc.query("SELECT * FROM send_logs WHERE id = ?", LogQueries::sendLog, id).stream().findFirst();
    }

    /** Entries without a group (sign-ins, token deletions) are for super admins only. */
    List<Map<String, Object>> audit(AuditFilter f) {
        StringBuilder sql = new StringBuilder("SELECT * FROM audit_logs WHERE 1 = 1");
        List<Object> args = new ArrayList<>();
        scope(sql, args, f.groups());
        equal(sql, args, "group_id", f.groupId());
        equal(sql, args, "action", f.action());
        window(sql, args, f.since(), f.until(), f.before());
        sql.append(" ORDER BY id DESC FETCH FIRST ").append(f.limit()).append(" ROWS ONLY");
        return jdbc.query(sql.toString(), LogQueries::auditEntry, args.toArray());
    }

    private static void scope(StringBuilder sql, List<Object> args, Collection<String> groups) {
        if (groups == null) {
            return;
        }
        if (groups.isEmpty()) {
            sql.append(" AND 1 = 0");
            return;
        }
        sql.append(" AND group_id IN (").append(String.join(", ", groups.stream().map(g -> "?").toList())).append(')');
        args.addAll(groups);
    }

    private static void equal(StringBuilder sql, List<Object> args, String column, Object value) {
        if (value != null) {
            sql.append(" AND ").append(column).append(" = ?");
            args.add(value);
        }
    }

    private static void window(StringBuilder sql, List<Object> args, Long since, Long until, Long before) {
        if (since != null) {
            sql.append(" AND ts >= ?");
            args.add(since);
        }
        if (until != null) {
            sql.append(" AND ts < ?");
            args.add(until);
        }
        if (before != null) {
            sql.append(" AND id < ?");
            args.add(before);
        }
    }

    /** A SendRecord of control-plane.md §2.10. */
    private static Map<String, Object> sendLog(ResultSet rs, int row) throws SQLException {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("id", rs.getLong("id"));
        r.put("ts", rs.getLong("ts"));
        r.put("routeId", rs.getString("route_id"));
        r.put("groupId", rs.getString("group_id"));
        r.put("event", rs.getString("event"));
        r.put("repo", rs.getString("repo"));
        r.put("target", rs.getString("target"));
        r.put("ok", rs.getInt("ok") != 0);
        r.put("error", rs.getString("error"));
        r.put("status", rs.getObject("status", Integer.class));
        r.put("messageId", rs.getString("message_id"));
        r.put("deliveryId", rs.getString("delivery_id"));
        r.put("platform", rs.getString("platform"));
        r.put("actor", rs.getString("actor"));
        r.put("action", rs.getString("action"));
        r.put("durationMs", rs.getObject("duration_ms", Long.class));
        r.put("errorCode", rs.getString("error_code"));
        r.put("attempts", rs.getObject("attempts", Integer.class));
        r.put("detail", rs.getString("detail"));
        r.values().removeIf(Objects::isNull);
        return r;
    }

    private static Map<String, Object> auditEntry(ResultSet rs, int row) throws SQLException {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("id", rs.getLong("id"));
        r.put("ts", rs.getLong("ts"));
        r.put("actorId", rs.getString("actor_id"));
        r.put("actorLogin", rs.getString("actor_login"));
        r.put("action", rs.getString("action"));
        r.put("targetType", rs.getString("target_type"));
        r.put("targetId", rs.getString("target_id"));
        r.put("groupId", rs.getString("group_id"));
        r.put("detail", rs.getString("detail"));
        r.put("ip", rs.getString("ip"));
        r.values().removeIf(Objects::isNull);
        return r;
    }
}
