package dev.webhooker.control;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;

import dev.webhooker.queue.QueueBacklog;

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

    /** A send log row as a list shows it: without the request and answer of the attempt, which one row's view adds. */
    private static final String SEND_LOG_COLUMNS = "id, ts, route_id, event, repo, target, ok, error, status, message_id,"
            + " delivery_id, platform, actor, action, duration_ms, error_code, attempts, detail, group_id";

    private final JdbcTemplate jdbc;
    private final ObjectMapper json;

    LogQueries(JdbcTemplate jdbc, ObjectMapper json) {
        this.jdbc = jdbc;
        this.json = json;
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
        StringBuilder filters = new StringBuilder();
        List<Object> args = new ArrayList<>();
        equal(filters, args, "route_id", f.routeId());
        equal(filters, args, "event", f.event());
        equal(filters, args, "platform", f.platform());
        equal(filters, args, "error_code", f.errorCode());
        equal(filters, args, "delivery_id", f.deliveryId());
        if (f.ok() != null) {
            filters.append(" AND ok = ?");
            args.add(f.ok() ? 1 : 0);
        }
        window(filters, args, f.since(), f.until(), f.before());
        // a column fixed by the filters is spelled into the order, so that the index led by it is read in order
        String fixed = f.routeId() != null ? "route_id, " : f.ok() != null ? "ok, " : "";
        return page("send_logs", SEND_LOG_COLUMNS, f.groups(), f.groupId(), filters, args, fixed, f.limit(), LogQueries::sendLog);
    }

    /** One send log row, with the request its attempt made and the platform's answer ({@code call}) when it made one. */
    Optional<Map<String, Object>> sendLog(long id) {
        return jdbc.query("SELECT * FROM send_logs WHERE id = ?", this::sendLogWithCall, id).stream().findFirst();
    }

    /**
     * Every attempt of one delivery id in {@code groups} (null: all), oldest first, each with its {@code call}; at most
     * {@link #MAX_LIMIT}, the newest ones.
     */
    List<Map<String, Object>> attempts(Collection<String> groups, String deliveryId) {
        StringBuilder sql = new StringBuilder("SELECT * FROM send_logs WHERE delivery_id = ?");
        List<Object> args = new ArrayList<>(List.of(deliveryId));
        scope(sql, args, groups);
        sql.append(" ORDER BY id DESC FETCH FIRST ").append(MAX_LIMIT).append(" ROWS ONLY");
        List<Map<String, Object>> rows = new ArrayList<>(jdbc.query(sql.toString(), this::sendLogWithCall, args.toArray()));
        Collections.reverse(rows);
        return rows;
    }

    private Map<String, Object> sendLogWithCall(ResultSet rs, int row) throws SQLException {
        Map<String, Object> r = sendLog(rs, row);
        String call = rs.getString("call_record");
        if (call != null) {
            try {
                r.put("call", json.readTree(call));
            } catch (JsonProcessingException e) {
                // written by this service as JSON: unreadable only if edited by hand; the row still shows
                r.put("call", null);
            }
        }
        return r;
    }

    /** Entries without a group (sign-ins, token deletions) are for super admins only. */
    List<Map<String, Object>> audit(AuditFilter f) {
        StringBuilder filters = new StringBuilder();
        List<Object> args = new ArrayList<>();
        equal(filters, args, "action", f.action());
        window(filters, args, f.since(), f.until(), f.before());
        return page("audit_logs", "*", f.groups(), f.groupId(), filters, args, "", f.limit(), LogQueries::auditEntry);
    }

    /**
     * The {@code columns} of the newest {@code limit} rows of {@code table} that match {@code filters}, within {@code groups} (null: all)
     * and {@code groupId}; {@code fixedColumns} ("route_id, ", say) are held to one value by the filters. A scoped
     * page is one range of a (group_id, …, id DESC) index per group, each cut at
     * {@code limit} rows, merged in the same statement: with {@code group_id IN (…)} H2 read and sorted every
     * row of the caller's groups below the cursor (seconds at 1,000,000 rows; bench "paging").
     */
    private List<Map<String, Object>> page(String table, String columns, Collection<String> groups, String groupId, CharSequence filters,
                                           List<Object> filterArgs, String fixedColumns, int limit,
                                           RowMapper<Map<String, Object>> row) {
        if (groups == null && groupId == null) {
            return jdbc.query("SELECT " + columns + " FROM " + table + " WHERE 1 = 1" + filters + " ORDER BY id DESC FETCH FIRST " + limit + " ROWS ONLY",
                    row, filterArgs.toArray());
        }
        // group_id and the fixed columns are equal in every row, so this is the order by id; spelled as the
        // (group_id, …, id DESC) indexes are (V9_3), H2 reads such an index in order and stops after the page
        String tail = filters + " ORDER BY group_id, " + fixedColumns + "id DESC FETCH FIRST " + limit + " ROWS ONLY";
        List<String> scope = groupId != null ? (groups == null || groups.contains(groupId) ? List.of(groupId) : List.of())
                : List.copyOf(groups);
        if (scope.isEmpty()) {
            return List.of();
        }
        if (scope.size() == 1) {
            List<Object> args = new ArrayList<>(List.of(scope.get(0)));
            args.addAll(filterArgs);
            return jdbc.query("SELECT " + columns + " FROM " + table + " WHERE group_id = ?" + tail, row, args.toArray());
        }
        StringBuilder sql = new StringBuilder("SELECT * FROM (");
        List<Object> args = new ArrayList<>();
        for (int i = 0; i < scope.size(); i++) {
            sql.append(i == 0 ? "" : " UNION ALL ").append("(SELECT ").append(columns).append(" FROM ").append(table).append(" WHERE group_id = ?").append(tail).append(')');
            args.add(scope.get(i));
            args.addAll(filterArgs);
        }
        sql.append(") AS scoped ORDER BY id DESC FETCH FIRST ").append(limit).append(" ROWS ONLY");
        return jdbc.query(sql.toString(), row, args.toArray());
    }

    /**
     * Delivery metrics over the send logs between {@code since} and {@code until},
     * within {@code groups} (null: all) and {@code groupId} when set.
     */
    Map<String, Object> metrics(Collection<String> groups, String groupId, long since, long until) {
        StringBuilder where = new StringBuilder(" WHERE ts >= ? AND ts < ?");
        List<Object> args = new ArrayList<>(List.of(since, until));
        scope(where, args, groups);
        equal(where, args, "group_id", groupId);
        Object[] a = args.toArray();
        Map<String, Object> totals = jdbc.queryForMap("SELECT COUNT(*) AS total, COALESCE(SUM(ok), 0) AS ok, AVG(duration_ms) AS avg_duration,"
                + " COALESCE(SUM(attempts), 0) AS attempts FROM send_logs" + where, a);
        long total = ((Number) totals.get("total")).longValue();
        long ok = ((Number) totals.get("ok")).longValue();
        long attempts = ((Number) totals.get("attempts")).longValue();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("since", since);
        m.put("until", until);
        m.put("total", total);
        m.put("ok", ok);
        m.put("failed", total - ok);
        m.put("failureRate", total == 0 ? 0.0 : (double) (total - ok) / total);
        m.put("byPlatform", breakdown("platform", where, a));
        m.put("byEvent", breakdown("event", where, a));
        m.put("byStatus", jdbc.query("SELECT status, COUNT(*) AS n FROM send_logs" + where + " AND status IS NOT NULL GROUP BY status ORDER BY n DESC",
                (rs, n) -> Map.<String, Object>of("status", String.valueOf(rs.getInt("status")), "count", rs.getLong("n")), a));
        Object avg = totals.get("avg_duration");
        m.put("avgDurationMs", avg == null ? 0.0 : ((Number) avg).doubleValue());
        m.put("totalAttempts", attempts);
        m.put("avgAttempts", total == 0 ? 0.0 : (double) attempts / total);
        m.put("recentFailures", jdbc.query("SELECT * FROM send_logs" + where + " AND ok = 0 ORDER BY id DESC FETCH FIRST 20 ROWS ONLY",
                LogQueries::sendLog, a));
        m.put("byHour", jdbc.query("SELECT ts - MOD(ts, 3600000) AS h, COUNT(*) AS total, COALESCE(SUM(ok), 0) AS ok FROM send_logs" + where
                        + " GROUP BY ts - MOD(ts, 3600000) ORDER BY h",
                (rs, n) -> Map.<String, Object>of("start", rs.getLong("h"), "total", rs.getLong("total"), "ok", rs.getLong("ok"),
                        "failed", rs.getLong("total") - rs.getLong("ok")), a));
        m.put("byErrorCode", jdbc.query("SELECT error_code AS k, COUNT(*) AS n FROM send_logs" + where + " AND ok = 0 GROUP BY error_code"
                        + " ORDER BY n DESC",
                (rs, n) -> Map.<String, Object>of("errorCode", rs.getString("k") == null ? "UNKNOWN" : rs.getString("k"), "count", rs.getLong("n")), a));
        m.put("queue", queue(groups, groupId, until));
        return m;
    }

    /**
     * Deliveries waiting to be sent and the oldest due time among them. For super admins over everything, the
     * delivery rows (those no worker has planned yet included); for everyone else, the deliveries with a
     * target of their groups still to send.
     */
    private Map<String, Object> queue(Collection<String> groups, String groupId, long now) {
        QueueBacklog backlog = groups == null && groupId == null ? QueueBacklog.read(jdbc, now)
                : QueueBacklog.readForGroups(jdbc, groups, groupId, now);
        Map<String, Object> queue = new LinkedHashMap<>();
        queue.put("waiting", backlog.waiting());
        queue.put("oldestDueAt", backlog.oldestDueAt());
        return queue;
    }

    private List<Map<String, Object>> breakdown(String column, CharSequence where, Object[] args) {
        return jdbc.query("SELECT " + column + " AS k, COUNT(*) AS total, COALESCE(SUM(ok), 0) AS ok FROM send_logs" + where
                        + " GROUP BY " + column + " ORDER BY total DESC",
                (rs, n) -> {
                    Map<String, Object> row = new LinkedHashMap<>();
                    row.put(column, rs.getString("k"));
                    row.put("total", rs.getLong("total"));
                    row.put("ok", rs.getLong("ok"));
                    row.put("failed", rs.getLong("total") - rs.getLong("ok"));
                    return row;
                }, args);
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

    /** One send log row as the admin API shows it. */
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
