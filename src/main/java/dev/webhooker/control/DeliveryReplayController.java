package dev.webhooker.control;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.access.Access;
import dev.webhooker.access.Capability;
import dev.webhooker.access.SessionUser;
import dev.webhooker.audit.AuditEntry;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.queue.DeliveryRecords;
import dev.webhooker.queue.DeliveryReplays.TargetRef;
import dev.webhooker.queue.DeliveryReplays;
import dev.webhooker.queue.DeliveryWakeUp;
import dev.webhooker.signin.RequestAccess;

/**
 * {@code POST /admin/api/delivery/{deliveryId}/replay}: sends a delivery that ended failed or dead again — each
 * failed and dead target of the caller's groups, or only the one named by {@code {routeId, target}} — never a
 * delivered target (see {@link ReplaySelection} for what is refused and how). The re-opening and its
 * {@code delivery.replay} audit rows are one transaction; the delivery is then due at once.
 * <p>
 * {@code POST /admin/api/deliveries/replay}: the same for every delivery a search finds (the search of
 * {@code GET /admin/api/deliveries}, failed and dead ones only), in two steps so that nobody replays more than they
 * saw: without {@code confirm} it answers the count; with {@code confirm} equal to the count it replays each, and
 * when the search now finds another number it replays nothing (409).
 */
@RestController
class DeliveryReplayController {

    /** The body of a replay: none for every failed target, or one target named by its route and id (and group). */
    record ReplayRequest(@Size(max = 200, message = "at most {max} characters") String routeId,
                         @Size(max = 200, message = "at most {max} characters") String target,
                         @Size(max = 200, message = "at most {max} characters") String groupId) {
    }

    /** A bulk replay: the search, and the count it was shown to find (none: only count). */
    record BulkReplayRequest(@Size(max = 100, message = "at most {max} characters") String status,
                             @Size(max = 200, message = "at most {max} characters") String repo,
                             @Size(max = 200, message = "at most {max} characters") String event,
                             @Size(max = 200, message = "at most {max} characters") String groupId,
                             @Size(max = 40, message = "at most {max} characters") String since,
                             @Size(max = 40, message = "at most {max} characters") String until,
                             @PositiveOrZero(message = "a count of 0 or more") Integer confirm) {
    }

    /** The most deliveries one bulk replay sends again. */
    static final int MAX_BULK = 200;
    /** The stored rows a bulk replay reads to count them: room for each to have come in on five endpoints. */
    private static final int STORED_ROWS_READ = MAX_BULK * 5;
    private static final List<String> REPLAYABLE = List.of("failed", "dead");

    private final RequestAccess access;
    private final DeliveryRecords views;
    private final DeliveryReplays replays;
    private final DeliveryWakeUp wakeUp;
    private final AuditLog audit;
    private final TransactionTemplate tx;
    private final ObjectMapper json;
    private final RequestBodies bodies;

    DeliveryReplayController(RequestAccess access, DeliveryRecords views, DeliveryReplays replays, DeliveryWakeUp wakeUp,
                             AuditLog audit, PlatformTransactionManager transactions, ObjectMapper json, RequestBodies bodies) {
        this.bodies = bodies;
        this.access = access;
        this.views = views;
        this.replays = replays;
        this.wakeUp = wakeUp;
        this.audit = audit;
        this.tx = new TransactionTemplate(transactions);
        this.json = json;
    }

    @PostMapping("/admin/api/delivery/{deliveryId}/replay")
    ResponseEntity<Map<String, Object>> replay(@PathVariable String deliveryId, @RequestBody(required = false) JsonNode body,
                                               HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        ReplaySelection.Named named = named(bodies.read(body, ReplayRequest.class, "Invalid replay"));
        Map<String, List<TargetRef>> chosen = reopen(scope, deliveryId, named, request);
        wakeUp.signal();
        List<Map<String, Object>> replayed = new ArrayList<>();
        chosen.forEach((key, targets) -> {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("key", key);
            one.put("targets", targets.stream().map(DeliveryReplayController::wire).toList());
            replayed.add(one);
        });
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("ok", true);
        answer.put("deliveryId", deliveryId);
        answer.put("replayed", replayed);
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(answer);
    }

    @PostMapping("/admin/api/deliveries/replay")
    ResponseEntity<Map<String, Object>> replayFound(@RequestBody(required = false) JsonNode body, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        BulkReplayRequest asked = bodies.read(body, BulkReplayRequest.class, "Invalid replay");
        DeliveryRecords.Search search = DeliveryController.search(asked.status(), asked.repo(), asked.event(), asked.since(),
                asked.until());
        if (!REPLAYABLE.containsAll(search.statuses())) {
            throw AdminApiException.badField("Invalid replay", "status", "only failed and dead deliveries can be replayed");
        }
        String groupId = LogsController.scoped(scope, asked.groupId());
        if (groupId != null) {
            scope.require(Capability.REPLAY_DELIVERIES, groupId);
        } else if (!scope.superAdmin() && scope.roles().keySet().stream().noneMatch(g -> scope.can(Capability.REPLAY_DELIVERIES, g))) {
            throw new AdminApiException(HttpStatus.FORBIDDEN, "Forbidden", "replaying needs the admin role in a group");
        }
        // a delivery id can be stored once per endpoint it came in on: read enough rows to count the ids
        List<String> found = views.search(search, LogsController.visible(scope), groupId, STORED_ROWS_READ).stream()
                .map(d -> (String) d.get("deliveryId")).distinct().limit(MAX_BULK + 1L).toList();
        if (found.size() > MAX_BULK) {
            throw AdminApiException.badRequest("Too many deliveries", "the search finds more than " + MAX_BULK
                    + " deliveries; narrow it (repository, event, group, time) and replay each part");
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("count", found.size());
        if (asked.confirm() == null) {
            answer.put("deliveryIds", found);
            return ResponseEntity.ok(answer);
        }
        if (asked.confirm() != found.size()) {
            throw new AdminApiException(HttpStatus.CONFLICT, "Search changed", "the search now finds " + found.size()
                    + " deliveries, not " + asked.confirm() + "; count them again before replaying");
        }
        List<String> replayed = new ArrayList<>();
        List<Map<String, Object>> skipped = new ArrayList<>();
        for (String deliveryId : found) {
            try {
                reopen(scope, deliveryId, null, request);
                replayed.add(deliveryId);
            } catch (AdminApiException e) {
                // each delivery on its own: one that changed meanwhile, or has nothing of the caller's left, is reported
                Map<String, Object> one = new LinkedHashMap<>();
                one.put("deliveryId", deliveryId);
                one.put("error", e.getMessage());
                one.put("detail", e.detail());
                skipped.add(one);
            }
        }
        if (!replayed.isEmpty()) {
            wakeUp.signal();
        }
        answer.put("replayed", replayed);
        answer.put("skipped", skipped);
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(answer);
    }

    /** Re-opens what a replay of {@code deliveryId} chooses, with its audit rows, in one transaction. */
    private Map<String, List<TargetRef>> reopen(Access scope, String deliveryId, ReplaySelection.Named named,
                                                HttpServletRequest request) {
        List<ReplaySelection.Stored> stored = views.deliveries(deliveryId).stream().map(this::stored).toList();
        // super admins also reach the targets of routes outside any group (group id "")
        ReplaySelection.Caller caller = new ReplaySelection.Caller(g -> scope.superAdmin() || scope.sees(g),
                g -> scope.superAdmin() || scope.can(Capability.REPLAY_DELIVERIES, g));
        Map<String, List<TargetRef>> chosen = ReplaySelection.choose(deliveryId, stored, caller, named);
        SessionUser user = scope.user();
        tx.executeWithoutResult(status -> chosen.forEach((key, targets) -> {
            if (!replays.reopen(key, targets)) {
                // between the read above and this write: another replay, a redelivery or storage-prune came first
                throw new AdminApiException(HttpStatus.CONFLICT, "Delivery changed meanwhile",
                        "delivery " + deliveryId + " was re-opened or its payload discarded since; reload it");
            }
            audited(user, deliveryId, key, targets, endpointGroup(stored, key), request);
        }));
        return chosen;
    }

    private static ReplaySelection.Named named(ReplayRequest body) {
        String routeId = body.routeId();
        String target = body.target();
        String groupId = body.groupId();
        if (routeId == null && target == null) {
            if (groupId != null) {
                throw AdminApiException.badField("Invalid replay", "groupId", "only together with routeId and target");
            }
            return null;
        }
        if (routeId == null || target == null || routeId.isEmpty() || target.isEmpty()) {
            throw AdminApiException.badField("Invalid replay", routeId == null || routeId.isEmpty() ? "routeId" : "target",
                    "missing (a single target is named by routeId and target together)");
        }
        return new ReplaySelection.Named(groupId, routeId, target);
    }

    private ReplaySelection.Stored stored(Map<String, Object> delivery) {
        String key = (String) delivery.get("key");
        List<ReplaySelection.Row> rows = views.targets(key).stream()
                .map(t -> new ReplaySelection.Row((String) t.get("groupId"), (String) t.get("routeId"), (String) t.get("targetId"),
                        (String) t.get("status")))
                .toList();
        return new ReplaySelection.Stored(key, (String) delivery.get("status"), (String) delivery.get("endpointGroupId"),
                Boolean.TRUE.equals(delivery.get("payloadKept")), rows);
    }

    private static String endpointGroup(List<ReplaySelection.Stored> stored, String key) {
        return stored.stream().filter(s -> s.key().equals(key)).findFirst().map(ReplaySelection.Stored::endpointGroupId).orElse(null);
    }

    /** One row per group whose targets are sent again, so each group's audit shows its own replays. */
    private void audited(SessionUser user, String deliveryId, String key, List<TargetRef> targets, String endpointGroupId,
                         HttpServletRequest request) {
        Map<String, List<TargetRef>> byGroup = targets.stream()
                .collect(Collectors.groupingBy(TargetRef::groupId, LinkedHashMap::new, Collectors.toList()));
        if (byGroup.isEmpty()) {
            byGroup.put(endpointGroupId, List.of());
        }
        byGroup.forEach((groupId, refs) -> {
            Map<String, Object> detail = new LinkedHashMap<>();
            detail.put("key", key);
            detail.put("targets", refs.stream().map(DeliveryReplayController::wire).toList());
            audit.record(AuditEntry.of("delivery.replay").actor(user.userId(), user.login()).target("delivery", deliveryId)
                    .group(groupId == null || groupId.isEmpty() ? null : groupId).detail(json.valueToTree(detail).toString())
                    .ip(request.getRemoteAddr()));
        });
    }

    private static Map<String, Object> wire(TargetRef t) {
        Map<String, Object> one = new LinkedHashMap<>();
        one.put("groupId", t.groupId());
        one.put("routeId", t.routeId());
        one.put("target", t.targetId());
        return one;
    }
}
