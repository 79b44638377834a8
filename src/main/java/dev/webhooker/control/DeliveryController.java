package dev.webhooker.control;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.access.Access;
import dev.webhooker.queue.DeliveryRecords;
import dev.webhooker.queue.DeliveryStatus;
import dev.webhooker.signin.RequestAccess;
import dev.webhooker.store.PayloadStore;

/**
 * {@code GET /admin/api/deliveries} searches recent deliveries (below). {@code GET /admin/api/delivery/{deliveryId}}:
 * where one webhook stands. Each stored delivery with that id (one per endpoint it came in on) with the payload that
 * came in while it is kept, every (route × target) it was planned for with its state, failed tries, next retry time
 * and last error (none yet while no worker has taken it), and the send-log attempts, each with the request it made and
 * the platform's answer. Callers who are not super admins see the targets and attempts of their groups only, and a
 * delivery that came in on their group's endpoint; with none of those it is 404, as for an unknown id.
 */
@RestController
class DeliveryController {

    /** A payload larger than this is not put into the view's answer; its size is. */
    static final int SHOWN_PAYLOAD_BYTES = 256 * 1024;

    private final RequestAccess access;
    private final DeliveryRecords views;
    private final LogQueries logs;
    private final PayloadStore parked;
    private final ObjectMapper json;

    DeliveryController(RequestAccess access, DeliveryRecords views, LogQueries logs, PayloadStore parked, ObjectMapper json) {
        this.access = access;
        this.views = views;
        this.logs = logs;
        this.parked = parked;
        this.json = json;
    }

    /**
     * {@code GET /admin/api/deliveries?status=failed,dead&repo=owner/name&event=push&groupId=g&since=…&until=…}: the most
     * recently updated deliveries of the caller's groups that match, newest first (failed and dead by default: the
     * ones a replay can send again), {@code limit} of them (at most 200). {@code since} and {@code until} bound the time
     * the webhook was received.
     */
    @GetMapping("/admin/api/deliveries")
    Map<String, Object> recent(@RequestParam Map<String, String> params, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        String groupId = LogsController.scoped(scope, params.get("groupId"));
        DeliveryRecords.Search search = search(params.get("status"), params.get("repo"), params.get("event"),
                params.get("since"), params.get("until"));
        return Map.of("deliveries", views.search(search, LogsController.visible(scope), groupId, LogsController.limit(params.get("limit"))));
    }

    /** The search the list and a bulk replay share; each field is checked as the admin API checks a query. */
    static DeliveryRecords.Search search(String statusList, String repo, String event, String since, String until) {
        List<String> statuses = new ArrayList<>();
        for (String status : (statusList == null || statusList.isBlank() ? "failed,dead" : statusList).split(",")) {
            try {
                statuses.add(DeliveryStatus.fromWire(status.trim()).wireName());
            } catch (IllegalArgumentException e) {
                throw AdminApiException.badRequest("Invalid status", "status: " + status.trim() + " is not one of "
                        + String.join(", ", Arrays.stream(DeliveryStatus.values()).map(DeliveryStatus::wireName).toList()));
            }
        }
        return new DeliveryRecords.Search(statuses, text("repo", repo), text("event", event), LogsController.time("since", since),
                LogsController.time("until", until));
    }

    private static String text(String name, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        if (value.length() > 200) {
            throw AdminApiException.badField("Invalid " + name, name, "at most 200 characters");
        }
        return value.trim();
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
                if (Boolean.TRUE.equals(delivery.get("payloadKept"))) {
                    shownPayload((String) delivery.get("key"), delivery);
                }
                deliveries.add(delivery);
            }
        }
        List<Map<String, Object>> attempts = logs.attempts(LogsController.visible(scope), deliveryId);
        if (deliveries.isEmpty() && attempts.isEmpty()) {
            throw new AdminApiException(HttpStatus.NOT_FOUND, "Delivery not found", null);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("deliveryId", deliveryId);
        body.put("deliveries", deliveries);
        body.put("attempts", attempts);
        return body;
    }

    /**
     * Puts the kept payload into {@code delivery} as {@code payload}, or its size as {@code payloadBytes} when it is too
     * large to show; a parked one the store cannot give is {@code payloadUnavailable}.
     */
    private void shownPayload(String key, Map<String, Object> delivery) {
        Optional<DeliveryRecords.KeptPayload> kept = views.payload(key);
        if (kept.isEmpty()) {
            return;
        }
        byte[] body;
        if (kept.get().json() != null) {
            body = kept.get().json().getBytes(StandardCharsets.UTF_8);
        } else {
            try {
                body = parked.get(kept.get().parkedKey()).orElse(null);
            } catch (RuntimeException e) {
                body = null;
            }
            if (body == null) {
                delivery.put("payloadUnavailable", true);
                return;
            }
        }
        if (body.length > SHOWN_PAYLOAD_BYTES) {
            delivery.put("payloadBytes", body.length);
            return;
        }
        try {
            delivery.put("payload", json.readTree(body));
        } catch (IOException e) {
            delivery.put("payloadUnavailable", true);
        }
    }
}
