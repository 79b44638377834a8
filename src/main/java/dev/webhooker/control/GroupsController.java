package dev.webhooker.control;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.access.Access;
import dev.webhooker.access.Capability;
import dev.webhooker.routing.ConfigJson;
import dev.webhooker.routing.SecretSeal;
import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Group;
import dev.webhooker.signin.RequestAccess;
import dev.webhooker.store.ConfigOrigin;
import dev.webhooker.store.ConfigRepository;

/**
 * Reading groups and routes: each caller sees the groups in their scope (super
 * admins: all) and the routes of those groups, in evaluation order, in the API's wire format.
 */
@RestController
class GroupsController {

    private final RequestAccess access;
    private final ConfigSnapshots snapshots;
    private final ConfigRepository repository;
    private final ConfigJson json;

    GroupsController(RequestAccess access, ConfigSnapshots snapshots, ConfigRepository repository, SecretSeal seal) {
        this.json = ConfigJson.forStorage().sealedWith(seal);
        this.access = access;
        this.snapshots = snapshots;
        this.repository = repository;
    }

    /**
     * {@code revision}: what a whole-list write names in If-Match (read with the list, in one transaction);
     * {@code sources}: where each group came from.
     */
    @GetMapping("/admin/api/groups")
    Map<String, Object> groups(HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        ConfigSnapshot config = repository.load();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("groups", config.groups().stream().filter(g -> scope.sees(g.id())).map(json::write).toList());
        body.put("isSuper", scope.superAdmin());
        body.put("roles", roles(scope, config));
        Map<String, ConfigOrigin> origins = repository.groupOrigins();
        Map<String, String> sources = new LinkedHashMap<>();
        config.groups().stream().filter(g -> scope.sees(g.id())).forEach(g -> sources.put(g.id(), source(origins.get(g.id()))));
        body.put("sources", sources);
        body.put("revision", config.version());
        return body;
    }

    /** One group as stored, with the version a write must name (also as ETag). */
    @GetMapping("/admin/api/groups/{id}")
    ResponseEntity<Map<String, Object>> group(@PathVariable String id, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        scope.require(Capability.VIEW, id);
        ConfigRepository.VersionedGroup stored = repository.findGroup(id).orElseThrow();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("group", json.write(stored.group()));
        body.put("version", stored.version());
        body.put("role", scope.roles().get(id).wireName());
        body.put("capabilities", scope.capabilities(id).stream().map(Capability::wireName).toList());
        body.put("source", source(repository.groupOrigin(id).orElse(null)));
        return ResponseEntity.ok().eTag("\"" + stored.version() + "\"").body(body);
    }

    /** Super admins get every route (also those of no group); others the routes of the groups they see. */
    @GetMapping("/admin/api/routes")
    Map<String, Object> routes(HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        ConfigSnapshot config = repository.load();
        List<ObjectNode> routes = config.routes().stream()
                .filter(r -> scope.superAdmin() || r.groupId() != null && scope.sees(r.groupId()))
                .map(json::write)
                .toList();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("routes", routes);
        body.put("revision", config.version());
        body.put("waiting", WaitingChats.of(config, scope::sees));
        return body;
    }

    @GetMapping("/admin/api/groups/{id}/routes")
    Map<String, Object> groupRoutes(@PathVariable String id, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        scope.require(Capability.VIEW, id);
        ConfigSnapshot config = snapshots.current();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("group", json.write(config.group(id).orElseThrow()));
        body.put("routes", config.routesOf(id).stream().map(json::write).toList());
        body.put("waiting", WaitingChats.of(config, id::equals));
        // the routes someone made with /gh subscribe in a chat, which the console marks
        body.put("fromChat", repository.routeOrigins().getOrDefault(id, Map.of()).entrySet().stream()
                .filter(e -> e.getValue() == ConfigOrigin.CHAT).map(Map.Entry::getKey).sorted().toList());
        return body;
    }

    /** Where a group came from: file, console, import, chat; unknown for a group stored before that was recorded. */
    private static String source(ConfigOrigin origin) {
        return origin == null ? "unknown" : origin.wireName();
    }

    private static Map<String, String> roles(Access scope, ConfigSnapshot config) {
        Map<String, String> roles = new LinkedHashMap<>();
        for (Group group : config.groups()) {
            if (scope.sees(group.id())) {
                roles.put(group.id(), scope.roles().get(group.id()).wireName());
            }
        }
        return roles;
    }
}
