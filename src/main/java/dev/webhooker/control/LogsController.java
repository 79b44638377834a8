package dev.webhooker.control;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.access.Access;
import dev.webhooker.access.Capability;
import dev.webhooker.signin.RequestAccess;

/**
 * Send logs and the audit trail (with their targets): newest first, paged by
 * {@code before} (the {@code next} of the previous page), filtered and scoped in the database. A group the
 * caller may not see is the same 404 as an unknown one. Entries of no group are for super admins only.
 */
@RestController
class LogsController {

    static final long METRICS_WINDOW_MS = 24L * 3600 * 1000;

    private final RequestAccess access;
    private final LogQueries queries;

    LogsController(RequestAccess access, LogQueries queries) {
        this.access = access;
        this.queries = queries;
    }

    @GetMapping("/admin/api/logs")
    Map<String, Object> logs(@RequestParam Map<String, String> params, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        String groupId = scoped(scope, params.get("groupId"));
        int limit = limit(params.get("limit"));
        List<Map<String, Object>> logs = queries.sendLogs(new LogQueries.SendLogFilter(visible(scope), groupId, params.get("routeId"),
                params.get("event"), params.get("platform"), bool("ok", params.get("ok")), params.get("errorCode"),
                params.get("deliveryId"), time("since", params.get("since")), time("until", params.get("until")),
                cursor(params.get("before")), limit));
        return page("logs", logs, limit);
    }

    @GetMapping("/admin/api/logs/{id}")
    Map<String, Object> log(@PathVariable String id, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        long logId;
        try {
            logId = Long.parseLong(id);
        } catch (NumberFormatException e) {
            logId = -1;
        }
        if (logId <= 0) {
            throw AdminApiException.badRequest("Invalid log id", "id: a positive whole number");
        }
        Map<String, Object> log = queries.sendLog(logId)
                .filter(row -> scope.superAdmin() || row.get("groupId") instanceof String g && scope.sees(g))
                .orElseThrow(() -> new AdminApiException(HttpStatus.NOT_FOUND, "Log entry not found", null));
        return Map.of("log", log);
    }

    @GetMapping("/admin/api/audit")
    Map<String, Object> audit(@RequestParam Map<String, String> params, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        String groupId = scoped(scope, params.get("groupId"));
        int limit = limit(params.get("limit"));
        List<Map<String, Object>> entries = queries.audit(new LogQueries.AuditFilter(visible(scope), groupId, params.get("action"),
                time("since", params.get("since")), time("until", params.get("until")), cursor(params.get("before")), limit));
        return page("audit", entries, limit);
    }

    /** Always scoped (WebHooker gave every tenant the instance-wide totals); the last 24 hours unless asked otherwise. */
    @GetMapping("/admin/api/metrics")
    Map<String, Object> metrics(@RequestParam Map<String, String> params, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        String groupId = scoped(scope, params.get("groupId"));
        long now = System.currentTimeMillis();
        Long until = time("until", params.get("until"));
        Long since = time("since", params.get("since"));
        long end = until == null ? now : until;
        return Map.of("metrics", queries.metrics(visible(scope), groupId, since == null ? end - METRICS_WINDOW_MS : since, end));
    }

    /** Null for super admins (everything), else the groups the caller sees. */
    static List<String> visible(Access scope) {
        return scope.superAdmin() ? null : List.copyOf(scope.roles().keySet());
    }

    static String scoped(Access scope, String groupId) {
        if (groupId != null && !groupId.isBlank()) {
            scope.require(Capability.VIEW, groupId);
            return groupId;
        }
        return null;
    }

    private static Map<String, Object> page(String name, List<Map<String, Object>> rows, int limit) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put(name, rows);
        body.put("next", rows.size() < limit ? null : rows.get(rows.size() - 1).get("id"));
        return body;
    }

    static int limit(String value) {
        if (value == null || value.isBlank()) {
            return LogQueries.DEFAULT_LIMIT;
        }
        try {
            int limit = Integer.parseInt(value.trim());
            if (limit >= 1) {
                return Math.min(limit, LogQueries.MAX_LIMIT);
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw AdminApiException.badRequest("Invalid limit", "limit: a whole number from 1 to " + LogQueries.MAX_LIMIT);
    }

    private static Long cursor(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            long before = Long.parseLong(value.trim());
            if (before > 0) {
                return before;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw AdminApiException.badRequest("Invalid cursor", "before: the next of a previous page (a positive id)");
    }

    private static Boolean bool(String name, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        return switch (value.trim()) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw AdminApiException.badRequest("Invalid " + name, name + ": true or false");
        };
    }

    /** Epoch milliseconds, or an ISO-8601 instant such as 2026-12-01T10:00:00Z. */
    static Long time(String name, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String v = value.trim();
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException notMillis) {
            try {
                return Instant.parse(v).toEpochMilli();
            } catch (DateTimeParseException e) {
                throw AdminApiException.badRequest("Invalid " + name, name + ": epoch milliseconds or an instant such as 2026-12-01T10:00:00Z");
            }
        }
    }
}
