package dev.webhooker.control;

import java.util.ArrayList;
import java.util.Arrays;
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
import dev.webhooker.queue.DeliveryRecords;
import dev.webhooker.queue.DeliveryStatus;
import dev.webhooker.signin.RequestAccess;

/**
 * {@code GET /admin/api/deliveries} lists recent deliveries by status (below). {@code GET
 * /admin/api/delivery/{deliveryId}}: where one webhook stands. Each stored delivery with that id
 * (one per endpoint it came in on), every (route × target) it was planned for with its state, failed tries,
 * next retry time and last error (none yet while no worker has taken it), and the send-log attempts. Callers
 * who are not super admins see the targets and attempts of their groups only, and a delivery that came in on
 * their group's endpoint; with none of those it is 404, as for an unknown id.
 */
@RestController
class DeliveryController {

    private final RequestAccess access;
    private final DeliveryRecords views;
    private final LogQueries logs;

    DeliveryController(RequestAccess access, DeliveryRecords views, LogQueries logs) {
        this.access = access;
        this.views = views;
        this.logs = logs;
    }

    /**
     * {@code GET /admin/api/deliveries?status=failed,dead}: the most recently updated deliveries of the caller's
     * groups with those statuses (failed and dead by default: the ones a replay can send again), newest first,
     * {@code limit} of them (at most 200).
     */
    @GetMapping("/admin/api/deliveries")
    Map<String, Object> recent(@RequestParam Map<String, String> params, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        String groupId = LogsController.scoped(scope, params.get("groupId"));
        List<String> statuses = new ArrayList<>();
        for (String status : params.getOrDefault("status", "failed,dead").split(",")) {
            try {
                statuses.add(DeliveryStatus.fromWire(status.trim()).wireName());
            } catch (IllegalArgumentException e) {
                throw AdminApiException.badRequest("Invalid status", "status: " + status.trim() + " is not one of "
                        + String.join(", ", Arrays.stream(DeliveryStatus.values()).map(DeliveryStatus::wireName).toList()));
            }
        }
        return Map.of("deliveries", views.recent(statuses, LogsController.visible(scope), groupId, LogsController.limit(params.get("limit"))));
    }

    @GetMapping("/admin/api/delivery/{deliveryId}")
    Map<String, Object> delivery(@PathVariable String deliveryId, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        List<Map<String, Object>> deliveries = new ArrayList<>();
        for (Map<String, Object> delivery : views.deliveries(deliveryId)) {
            List<Map<String, Object>> targets = views.targets((String) delivery.get("key")).stream()
                    .filter(t -> scope.superAdmin() || scope.sees((String) t.get("groupId")))
                    .toList();
            delivery.put("targets", targets);
            // not planned yet (a worker plans the targets when it takes the delivery): the endpoint's group decides
            if (scope.superAdmin() || !targets.isEmpty() || delivery.get("endpointGroupId") instanceof String g && scope.sees(g)) {
                deliveries.add(delivery);
            }
        }
        List<Map<String, Object>> attempts = logs.sendLogs(new LogQueries.SendLogFilter(LogsController.visible(scope), null, null, null,
                null, null, null, deliveryId, null, null, null, LogQueries.MAX_LIMIT));
        if (deliveries.isEmpty() && attempts.isEmpty()) {
            throw new AdminApiException(HttpStatus.NOT_FOUND, "Delivery not found", null);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("deliveryId", deliveryId);
        body.put("deliveries", deliveries);
        body.put("attempts", attempts);
        return body;
    }
}
