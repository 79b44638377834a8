package dev.webhooker.control;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.access.Access;
import dev.webhooker.signin.RequestAccess;

/**
 * {@code GET /admin/api/delivery/{deliveryId}}: where one webhook stands. Each stored delivery with that id
 * (one per endpoint it came in on), every (route × target) it was planned for with its state, failed tries,
 * next retry time and last error (none yet while no worker has taken it), and the send-log attempts. Callers
 * who are not super admins see the targets and attempts of their groups only, and a delivery that came in on
 * their group's endpoint; with none of those it is 404, as for an unknown id.
 */
@RestController
class DeliveryController {

    private final RequestAccess access;
    private final JdbcTemplate jdbc;
    private final LogQueries logs;

    DeliveryController(RequestAccess access, JdbcTemplate jdbc, LogQueries logs) {
        this.access = access;
        this.jdbc = jdbc;
        this.logs = logs;
    }

    @GetMapping("/admin/api/delivery/{deliveryId}")
    Map<String, Object> delivery(@PathVariable String deliveryId, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        List<Map<String, Object>> deliveries = jdbc.query("SELECT key, status, provider, event, group_id, received_at, updated_at, "
                + "attempts, next_attempt_at, last_error FROM delivery_state WHERE delivery_id = ? ORDER BY received_at", (rs, n) -> {
                    Map<String, Object> d = new LinkedHashMap<>();
                    d.put("key", rs.getString("key"));
                    d.put("status", rs.getString("status"));
                    d.put("provider", rs.getString("provider"));
                    d.put("event", rs.getString("event"));
                    d.put("endpointGroupId", rs.getString("group_id"));
                    d.put("receivedAt", rs.getObject("received_at", Long.class));
                    d.put("updatedAt", rs.getLong("updated_at"));
                    d.put("lastError", rs.getString("last_error"));
                    d.values().removeIf(Objects::isNull);
                    return d;
                }, deliveryId);
        boolean anyVisible = false;
        for (Map<String, Object> delivery : deliveries) {
            List<Map<String, Object>> targets = jdbc.query("SELECT * FROM delivery_targets WHERE delivery_key = ? ORDER BY position",
                    (rs, n) -> {
                        Map<String, Object> t = new LinkedHashMap<>();
                        t.put("groupId", rs.getString("group_id"));
                        t.put("routeId", rs.getString("route_id"));
                        t.put("routeName", rs.getString("route_name"));
                        t.put("targetId", rs.getString("target_id"));
                        t.put("platform", rs.getString("platform"));
                        t.put("status", rs.getString("status"));
                        t.put("attempts", rs.getInt("attempts"));
                        String status = rs.getString("status");
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
                    }, delivery.get("key")).stream()
                    .filter(t -> scope.superAdmin() || scope.sees((String) t.get("groupId")))
                    .toList();
            delivery.put("targets", targets);
            // not planned yet (the worker plans the targets when it takes the delivery): the endpoint's group decides
            anyVisible |= !targets.isEmpty() || delivery.get("endpointGroupId") instanceof String g && scope.sees(g);
        }
        List<Map<String, Object>> attempts = logs.sendLogs(new LogQueries.SendLogFilter(scope.superAdmin() ? null
                : List.copyOf(scope.roles().keySet()), null, null, null, null, null, null, deliveryId, null, null, null,
                LogQueries.MAX_LIMIT));
        boolean found = scope.superAdmin() ? !deliveries.isEmpty() || !attempts.isEmpty() : anyVisible || !attempts.isEmpty();
        if (!found) {
            throw new AdminApiException(HttpStatus.NOT_FOUND, "Delivery not found", null);
        }
        if (!scope.superAdmin()) {
            deliveries = deliveries.stream().filter(d -> !((List<?>) d.get("targets")).isEmpty()
                    || d.get("endpointGroupId") instanceof String g && scope.sees(g)).toList();
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("deliveryId", deliveryId);
        body.put("deliveries", deliveries);
        body.put("attempts", attempts);
        return body;
    }
}
