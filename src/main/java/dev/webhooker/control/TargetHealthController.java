package dev.webhooker.control;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Size;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.access.Access;
import dev.webhooker.access.Capability;
import dev.webhooker.access.SessionUser;
import dev.webhooker.audit.AuditEntry;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.delivery.TargetHealth;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Route;
import dev.webhooker.signin.RequestAccess;

/**
 * {@code GET /admin/api/targets}: the endpoint targets that are failing or disabled (delivery.TargetHealth), each with
 * the routes that send to it, as far as the caller sees them; {@code POST /admin/api/targets/enable} with
 * {@code {"targetId"}} (a webhook target's id holds a {@code #}, which a path does not carry plainly) re-enables a disabled one (an admin of a group whose route sends to it, or a super admin), audited as
 * {@code target.enable}. A target no current route sends to is a super admin's to see.
 */
@RestController
class TargetHealthController {

    private final RequestAccess access;
    private final TargetHealth health;
    private final ConfigSnapshots snapshots;
    private final AuditLog audit;
    private final ObjectMapper json;
    private final RequestBodies bodies;

    /** The body of an enable: the target's id, as GET /admin/api/targets lists it. */
    record EnableRequest(@NotEmpty(message = "missing (GET /admin/api/targets lists them)")
                         @Size(max = 300, message = "at most {max} characters") String targetId) {
    }

    TargetHealthController(RequestAccess access, TargetHealth health, ConfigSnapshots snapshots, AuditLog audit,
                           ObjectMapper json, RequestBodies bodies) {
        this.bodies = bodies;
        this.access = access;
        this.health = health;
        this.snapshots = snapshots;
        this.audit = audit;
        this.json = json;
    }

    @GetMapping("/admin/api/targets")
    Map<String, Object> list(HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        List<Route> routes = snapshots.refreshIfStale().routes();
        List<Map<String, Object>> targets = new ArrayList<>();
        for (TargetHealth.Status status : health.list()) {
            List<Route> using = usedBy(status.targetId(), routes);
            if (visible(scope, using)) {
                targets.add(wire(status, using, scope));
            }
        }
        return Map.of("targets", targets);
    }

    @PostMapping("/admin/api/targets/enable")
    Map<String, Object> enable(@RequestBody(required = false) JsonNode body, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        String targetId = bodies.read(body, EnableRequest.class, "Invalid target").targetId();
        List<Route> using = usedBy(targetId, snapshots.refreshIfStale().routes());
        TargetHealth.Status status = health.find(targetId).filter(s -> visible(scope, using))
                .orElseThrow(() -> new AdminApiException(HttpStatus.NOT_FOUND, "No such target",
                        "target " + targetId + " has no failure streak you can see (GET /admin/api/targets lists them)"));
        if (!canEnable(scope, using)) {
            throw new AdminApiException(HttpStatus.FORBIDDEN, "Forbidden",
                    "re-enabling target " + targetId + " takes the edit-routes right on a group whose route sends to it");
        }
        if (!status.disabled()) {
            throw new AdminApiException(HttpStatus.CONFLICT, "Target not disabled",
                    "target " + targetId + " is failing (" + status.failures() + " attempts) but is still sent to");
        }
        if (!health.enable(targetId)) {
            throw new AdminApiException(HttpStatus.CONFLICT, "Target changed meanwhile", "target " + targetId
                    + " was re-enabled by someone else meanwhile");
        }
        SessionUser user = scope.user();
        List<String> groups = using.stream().map(Route::groupId).filter(g -> g != null && !g.isEmpty()).distinct().toList();
        for (String groupId : groups.isEmpty() ? java.util.Collections.<String>singletonList(null) : groups) {
            audit.record(AuditEntry.of("target.enable").actor(user.userId(), user.login()).target("target", targetId)
                    .group(groupId).detail(json.createObjectNode().put("reason", status.disabledReason()).toString())
                    .ip(request.getRemoteAddr()));
        }
        return Map.of("ok", true, "targetId", targetId, "enabled", true);
    }

    private static List<Route> usedBy(String targetId, List<Route> routes) {
        return routes.stream().filter(r -> r.targets().stream().anyMatch(t -> t.endpoint() && t.id().equals(targetId))).toList();
    }

    private static boolean visible(Access scope, List<Route> using) {
        return scope.superAdmin() || using.stream().anyMatch(r -> r.groupId() != null && scope.sees(r.groupId()));
    }

    private static boolean canEnable(Access scope, List<Route> using) {
        return scope.superAdmin() || using.stream().anyMatch(r -> r.groupId() != null && scope.can(Capability.EDIT_ROUTES, r.groupId()));
    }

    private static Map<String, Object> wire(TargetHealth.Status status, List<Route> using, Access scope) {
        Map<String, Object> one = new LinkedHashMap<>();
        one.put("targetId", status.targetId());
        one.put("platform", status.platform());
        one.put("disabled", status.disabled());
        one.put("disabledAt", status.disabledAt() == null ? null : status.disabledAt().toString());
        one.put("disabledReason", status.disabledReason());
        one.put("failingSince", status.failingSince().toString());
        one.put("failures", status.failures());
        one.put("lastFailureAt", status.lastFailureAt().toString());
        one.put("lastError", status.lastError());
        one.put("canEnable", status.disabled() && canEnable(scope, using));
        one.put("routes", using.stream()
                .filter(r -> scope.superAdmin() || (r.groupId() != null && scope.sees(r.groupId())))
                .map(r -> {
                    Map<String, Object> route = new LinkedHashMap<>();
                    route.put("groupId", r.groupId());
                    route.put("routeId", r.id());
                    route.put("name", r.name());
                    return route;
                }).toList());
        return one;
    }
}
