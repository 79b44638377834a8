package dev.webhooker.control;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.audit.AuditEntry;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.access.Access;
import dev.webhooker.access.Capability;
import dev.webhooker.access.Role;
import dev.webhooker.access.ScopeResolver;
import dev.webhooker.access.SessionUser;
import dev.webhooker.routing.ConfigJson;
import dev.webhooker.routing.SecretSeal;
import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.ConfigValidator;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.signin.RequestAccess;
import dev.webhooker.store.ConfigOrigin;
import dev.webhooker.store.ConfigRepository;

/**
 * WebHooker's whole-list writes, kept for scripts written against it:
 * {@code PUT /admin/api/groups}, {@code PUT /admin/api/routes} and {@code PUT /admin/api/groups/{id}/routes}.
 * A caller replaces only what they may write (their owned groups; the routes of groups they administer), and
 * what they leave out of that is deleted, as in WebHooker; everything else stays. Unlike WebHooker, a deleted
 * group's routes go with it, owners cannot set the sender gates, and {@code If-Match} with the configuration
 * revision (the {@code revision} of the GET answers) makes the write fail with 412 when anything changed
 * since. The per-entity endpoints are the better tool: these replace lists, so concurrent edits of different
 * entities still conflict.
 */
@RestController
class ConfigListController {

    private final RequestAccess access;
    private final ConfigRepository repository;
    private final OperatorGrants grants;
    private final ConfigSnapshots snapshots;
    private final ConfigWrites configWrites;
    private final AuditLog audit;
    private final TenantLimits limits;
    private final ConfigJson input;
    private final ConfigJson output;
    private final ConfigValidator validator;
    private static final YAMLMapper YAML = new YAMLMapper();

    ConfigListController(RequestAccess access, ConfigRepository repository, ConfigSnapshots snapshots, ConfigWrites configWrites,
                         AuditLog audit, SecretSeal seal, OperatorGrants grants, TenantLimits limits) {
        this.limits = limits;
        this.input = ConfigJson.forInput().sealedWith(seal);
        this.output = ConfigJson.forStorage().sealedWith(seal);
        this.access = access;
        this.repository = repository;
        this.validator = new ConfigValidator(repository.targetPolicy());
        this.snapshots = snapshots;
        this.configWrites = configWrites;
        this.audit = audit;
        this.grants = grants;
    }

    @PutMapping("/admin/api/groups")
    Map<String, Object> replaceGroups(@RequestBody JsonNode body, @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                      HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        configWrites.requireWholeListAllowed();
        ConfigSnapshot current = snapshots.refresh();
        JsonNode list = array(body, "groups");
        for (JsonNode element : list) {
            if (element.isObject() && element.hasNonNull("id")) {
                current.group(element.get("id").asText()).ifPresent(stored ->
                        GroupChanges.keepingOmitted((ObjectNode) element, output.write(stored)));
            }
        }
        List<Group> submitted = input.readGroups(list);
        SessionUser user = scope.user();
        List<Group> result = new ArrayList<>();
        if (scope.superAdmin()) {
            result.addAll(submitted);
        } else {
            Set<String> mine = new LinkedHashSet<>();
            current.groups().stream().filter(g -> scope.can(Capability.EDIT_GROUP, g.id())).forEach(g -> mine.add(g.id()));
            for (Group g : submitted) {
                TenantLimits.requireNotAnothersPersonalId(scope, g.id(), "groups");
                if (!mine.contains(g.id())) {
                    throw forbidden("group \"" + g.id() + "\" is outside your ownership");
                }
                Group before = current.group(g.id()).orElseThrow();
                if (!GroupChanges.between(before, g).gateFields().isEmpty()) {
                    throw forbidden("group \"" + g.id() + "\": only super admins set owners, installationId and globalWebhook");
                }
                if (ScopeResolver.roleIn(g, user) != Role.OWNER && g.members().stream().filter(m -> "owner".equals(m.role())).count() < 2) {
                    throw forbidden("group \"" + g.id() + "\" would be left without an owner by you");
                }
            }
            for (Group g : current.groups()) {
                if (!mine.contains(g.id())) {
                    result.add(g);
                }
            }
            result.addAll(submitted);
        }
        Set<String> kept = new LinkedHashSet<>();
        result.forEach(g -> kept.add(g.id()));
        List<Route> routes = current.routes().stream().filter(r -> kept.contains(r.groupId())).toList();
        String ip = request.getRemoteAddr();
        repository.replaceAll(result, routes, ConfigOrigin.CONSOLE, Versions.optional(ifMatch), grants.with(scope, current, result, List.of(), () -> {
            for (Group g : result) {
                var before = current.group(g.id());
                GroupChanges changes = before.map(b -> GroupChanges.between(b, g)).orElse(null);
                if (changes == null) {
                    audit.record(AuditEntry.of("group.create").actor(user.userId(), user.login()).onGroup(g.id()).ip(ip));
                } else if (!changes.fields().isEmpty()) {
                    audit.record(AuditEntry.of("group.update").actor(user.userId(), user.login()).onGroup(g.id())
                            .detail(changes.fieldsDetail()).ip(ip));
                }
            }
            for (Group g : current.groups()) {
                if (!kept.contains(g.id())) {
                    audit.record(AuditEntry.of("group.delete").actor(user.userId(), user.login()).onGroup(g.id()).ip(ip));
                }
            }
        }));
        snapshots.refresh();
        return Map.of("ok", true, "count", result.size());
    }

    @PutMapping("/admin/api/routes")
    Map<String, Object> replaceRoutes(@RequestBody JsonNode body, @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                      HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        configWrites.requireWholeListAllowed();
        List<Route> submitted = input.readRoutes(array(body, "routes"));
        ConfigSnapshot current = snapshots.refresh();
        List<Route> result = new ArrayList<>();
        if (!scope.superAdmin()) {
            for (Route r : submitted) {
                if (r.groupId() == null || !scope.can(Capability.EDIT_ROUTES, r.groupId())) {
                    throw forbidden("route \"" + r.id() + "\" is outside your groups");
                }
            }
            current.routes().stream().filter(r -> r.groupId() == null || !scope.can(Capability.EDIT_ROUTES, r.groupId())).forEach(result::add);
        }
        result.addAll(submitted);
        limits.requireRouteLists(scope, current.routes(), result);
        SessionUser user = scope.user();
        repository.replaceAll(current.groups(), result, ConfigOrigin.CONSOLE, Versions.optional(ifMatch), grants.with(scope, current, List.of(), result,
                () -> audit.record(AuditEntry.of("routes.update").actor(user.userId(), user.login()).target("routes", "all")
                        .detail("{\"count\":" + result.size() + "}").ip(request.getRemoteAddr()))));
        snapshots.refresh();
        return Map.of("ok", true, "count", result.size());
    }

    /** JSON only: with the YAML mapping beside it, a body without a Content-Type matched both (Spring then refuses it 415). */
    @PutMapping(path = "/admin/api/groups/{id}/routes", consumes = "application/json")
    Map<String, Object> replaceGroupRoutes(@PathVariable String id, @RequestBody JsonNode body,
                                           @RequestParam(name = "validate", defaultValue = "false") boolean validateOnly,
                                           @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                           HttpServletRequest request) {
        return writeGroupRoutes(id, array(body, "routes"), validateOnly, ifMatch, request);
    }

    /**
     * The console's YAML view: the same write with the group's routes as the config file's YAML ({@code routes:}
     * and the list, each route without its {@code groupId}, which is the path's).
     */
    @PutMapping(path = "/admin/api/groups/{id}/routes", consumes = "application/yaml")
    Map<String, Object> replaceGroupRoutesYaml(@PathVariable String id, @RequestBody(required = false) String body,
                                               @RequestParam(name = "validate", defaultValue = "false") boolean validateOnly,
                                               @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                               HttpServletRequest request) {
        if (request.getContentType() == null) {
            // Spring lets an empty body without a Content-Type match "consumes" here, and an empty document would
            // replace the group's routes with none
            throw new AdminApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Unsupported Media Type",
                    "the body needs a Content-Type: application/json, or application/yaml for the YAML view");
        }
        JsonNode document;
        try {
            document = YAML.readTree(body == null ? "" : body);
        } catch (JsonProcessingException e) {
            throw AdminApiException.badRequest("Invalid YAML", "routes: " + e.getOriginalMessage()
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")"));
        }
        JsonNode routes = document == null || document.isMissingNode() || document.isNull() ? JsonNodeFactory.instance.arrayNode()
                : document.isArray() ? document : array(document, "routes");
        return writeGroupRoutes(id, routes, validateOnly, ifMatch, request);
    }

    @GetMapping(path = "/admin/api/groups/{id}/routes", produces = "application/yaml")
    ResponseEntity<String> groupRoutesYaml(@PathVariable String id, HttpServletRequest request) throws JsonProcessingException {
        access.of(request).orElseThrow().require(Capability.VIEW, id);
        ObjectNode document = JsonNodeFactory.instance.objectNode();
        var list = document.putArray("routes");
        snapshots.refresh().routesOf(id).forEach(r -> list.add(output.write(r).without("groupId")));
        return ResponseEntity.ok().contentType(MediaType.parseMediaType("application/yaml")).body(YAML.writeValueAsString(document));
    }

    private Map<String, Object> writeGroupRoutes(String id, JsonNode routes, boolean validateOnly, String ifMatch,
                                                   HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        scope.require(Capability.EDIT_ROUTES, id);
        configWrites.requireAllowed(id);
        routes.forEach(r -> {
            if (r.isObject()) {
                ((ObjectNode) r).put("groupId", id);
            }
        });
        List<Route> submitted = input.readRoutes(routes);
        // read from the repository: its version is the revision the write below names
        ConfigSnapshot current = repository.load();
        // the group's routes take the place of its first one; the others keep theirs
        List<Route> result = new ArrayList<>();
        boolean placed = false;
        for (Route r : current.routes()) {
            if (id.equals(r.groupId())) {
                if (!placed) {
                    result.addAll(submitted);
                    placed = true;
                }
            } else {
                result.add(r);
            }
        }
        if (!placed) {
            result.addAll(submitted);
        }
        limits.requireRouteLists(scope, current.routes(), result);
        if (validateOnly) {
            validator.requireValid(current.groups(), result);
            return Map.of("ok", true, "count", submitted.size(), "applied", false);
        }
        SessionUser user = scope.user();
        // every other group is written as read: a write that came in between (the config file's, say) is not undone
        Long revision = ifMatch == null ? Long.valueOf(current.version()) : Versions.optional(ifMatch);
        repository.replaceAll(current.groups(), result, ConfigOrigin.CONSOLE, revision, grants.with(scope, current, List.of(), submitted,
                () -> audit.record(AuditEntry.of("group.routes.update").actor(user.userId(), user.login()).onGroup(id)
                        .detail("{\"count\":" + submitted.size() + "}").ip(request.getRemoteAddr()))));
        snapshots.refresh();
        return Map.of("ok", true, "count", submitted.size(), "applied", true);
    }

    private static JsonNode array(JsonNode body, String field) {
        JsonNode list = body == null ? null : body.get(field);
        if (list == null || !list.isArray()) {
            throw AdminApiException.badField("Invalid JSON body", field, "a list is required");
        }
        return list;
    }

    private static AdminApiException forbidden(String detail) {
        return new AdminApiException(HttpStatus.FORBIDDEN, detail, detail);
    }
}
