package dev.webhooker.control;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import jakarta.servlet.http.HttpServletRequest;
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
 */
@RestController
class DeliveryReplayController {

    /** The body of a replay: none for every failed target, or one target named by its route and id (and group). */
    record ReplayRequest(@Size(max = 200, message = "at most {max} characters") String routeId,
                         @Size(max = 200, message = "at most {max} characters") String target,
                         @Size(max = 200, message = "at most {max} characters") String groupId) {
    }

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
