package dev.webhooker.control;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.audit.AuditEntry;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.access.Access;
import dev.webhooker.access.Capability;
import dev.webhooker.access.SessionUser;
import dev.webhooker.format.TemplateCheck;
import dev.webhooker.routing.ConfigJson;
import dev.webhooker.routing.SecretSeal;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Route;
import dev.webhooker.signin.RequestAccess;
import dev.webhooker.store.ConfigRepository;

/**
 * Writing one route at a time, for a group's admins and owners: add (evaluated after the others), read with
 * its version, replace or delete naming that version ({@code If-Match}, 412 when stale), and put the group's
 * routes in a new order ({@code PUT /admin/api/groups/{id}/route-order {"ids": […]}}, which must name each of them once; the
 * order is the evaluation order, where {@code stop} matters). Each write is one transaction with its audit
 * row ({@code route.create|update|delete}, {@code routes.reorder}); sync mode answers 409.
 */
@RestController
class RouteEditController {

    private final RequestAccess access;
    private final ConfigRepository repository;
    private final OperatorGrants grants;
    private final ConfigSnapshots snapshots;
    private final ConfigWrites configWrites;
    private final AuditLog audit;
    private final TenantLimits limits;
    private final ConfigJson input;
    private final ConfigJson output;
    private final TemplateCheck templates;

    RouteEditController(RequestAccess access, ConfigRepository repository, ConfigSnapshots snapshots, ConfigWrites configWrites,
                        AuditLog audit, SecretSeal seal, OperatorGrants grants, TenantLimits limits, TemplateCheck templates) {
        this.limits = limits;
        this.templates = templates;
        this.input = ConfigJson.forInput().sealedWith(seal);
        this.output = ConfigJson.forStorage().sealedWith(seal);
        this.access = access;
        this.repository = repository;
        this.snapshots = snapshots;
        this.configWrites = configWrites;
        this.audit = audit;
        this.grants = grants;
    }

    @GetMapping("/admin/api/groups/{id}/routes/{routeId}")
    ResponseEntity<Map<String, Object>> read(@PathVariable String id, @PathVariable String routeId, HttpServletRequest request) {
        access.of(request).orElseThrow().require(Capability.VIEW, id);
        ConfigRepository.VersionedRoute stored = repository.findRoute(id, routeId)
                .orElseThrow(() -> new java.util.NoSuchElementException("route \"" + routeId + "\" of group \"" + id + "\" does not exist"));
        return answer(HttpStatus.OK, stored);
    }

    @PostMapping("/admin/api/groups/{id}/routes")
    ResponseEntity<Map<String, Object>> add(@PathVariable String id, @RequestBody JsonNode body, HttpServletRequest request) {
        Access scope = editor(id, request);
        SessionUser user = scope.user();
        Route route = route(id, null, body);
        int limit = limits.routesPerGroup(scope);
        ConfigRepository.VersionedRoute stored = repository.addRoute(route, grants.with(scope, snapshots.current(), List.of(),
                List.of(route), () -> audited("route.create", user, id, route.id(), request)), limit);
        snapshots.refresh();
        return answer(HttpStatus.CREATED, stored);
    }

    @PutMapping("/admin/api/groups/{id}/routes/{routeId}")
    ResponseEntity<Map<String, Object>> replace(@PathVariable String id, @PathVariable String routeId, @RequestBody JsonNode body,
                                                @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                                HttpServletRequest request) {
        Access scope = editor(id, request);
        SessionUser user = scope.user();
        int expected = Versions.required(ifMatch, body);
        Route route = route(id, routeId, body);
        ConfigRepository.VersionedRoute stored = repository.updateRoute(route, expected, grants.with(scope, snapshots.refresh(),
                List.of(), List.of(route), () -> audited("route.update", user, id, routeId, request)));
        snapshots.refresh();
        return answer(HttpStatus.OK, stored);
    }

    @DeleteMapping("/admin/api/groups/{id}/routes/{routeId}")
    Map<String, Object> delete(@PathVariable String id, @PathVariable String routeId,
                               @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch, HttpServletRequest request) {
        SessionUser user = editor(id, request).user();
        int expected = Versions.required(ifMatch, null);
        repository.deleteRoute(id, routeId, expected, () -> audited("route.delete", user, id, routeId, request));
        snapshots.refresh();
        return Map.of("ok", true);
    }

    @PutMapping("/admin/api/groups/{id}/route-order")
    Map<String, Object> reorder(@PathVariable String id, @RequestBody JsonNode body, HttpServletRequest request) {
        SessionUser user = editor(id, request).user();
        JsonNode ids = body == null ? null : body.get("ids");
        if (ids == null || !ids.isArray()) {
            throw AdminApiException.badField("Invalid order", "ids", "a list of the group's route ids, in the new order");
        }
        List<String> order = new ArrayList<>();
        ids.forEach(node -> order.add(node.asText()));
        try {
            repository.reorderRoutes(id, order, () -> audit.record(AuditEntry.of("routes.reorder").actor(user.userId(), user.login())
                    .onGroup(id).detail("{\"count\":" + order.size() + "}").ip(request.getRemoteAddr())));
        } catch (IllegalArgumentException e) {
            throw new AdminApiException(HttpStatus.CONFLICT, "The group's routes changed", e.getMessage());
        }
        snapshots.refresh();
        return Map.of("ok", true, "ids", order);
    }

    private Access editor(String id, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        scope.require(Capability.EDIT_ROUTES, id);
        configWrites.requireAllowed(id);
        return scope;
    }

    /** The route in the body, in the config file's format; its group is the path's, its id the path's when given. */
    private Route route(String groupId, String routeId, JsonNode body) {
        if (body == null || !body.isObject()) {
            throw AdminApiException.badRequest("Invalid JSON body", "the body must be a JSON object (a route)");
        }
        ObjectNode submitted = ((ObjectNode) body).deepCopy();
        submitted.remove("version");
        if (submitted.hasNonNull("groupId") && !groupId.equals(submitted.get("groupId").asText())) {
            throw AdminApiException.badField("The group cannot change here", "groupId", "the route belongs to " + groupId);
        }
        if (routeId != null && submitted.hasNonNull("id") && !routeId.equals(submitted.get("id").asText())) {
            throw AdminApiException.badField("The id cannot change here", "id", "delete the route and add it under the new id");
        }
        submitted.put("groupId", groupId);
        if (routeId != null) {
            submitted.put("id", routeId);
        }
        Route route = input.readRoute(submitted);
        // a template is checked against the sample events with the group's settings (its language, its people)
        templates.require(route, snapshots.current().group(groupId).orElse(null));
        return route;
    }

    private void audited(String action, SessionUser user, String groupId, String routeId, HttpServletRequest request) {
        audit.record(AuditEntry.of(action).actor(user.userId(), user.login()).target("route", routeId).group(groupId)
                .ip(request.getRemoteAddr()));
    }

    private ResponseEntity<Map<String, Object>> answer(HttpStatus status, ConfigRepository.VersionedRoute stored) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("ok", true);
        body.put("route", output.write(stored.route()));
        body.put("version", stored.version());
        // the targets whose chat has not claimed the group yet: saved, but nothing is sent to them
        body.put("waiting", WaitingChats.indices(snapshots.current(), stored.route()));
        return ResponseEntity.status(status).eTag("\"" + stored.version() + "\"").body(body);
    }
}
