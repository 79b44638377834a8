package dev.webhooker.control;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.audit.AuditEntry;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.access.Access;
import dev.webhooker.access.Capability;
import dev.webhooker.access.SessionUser;
import dev.webhooker.configfile.ConfigChanges;
import dev.webhooker.configfile.ConfigDocument;
import dev.webhooker.configfile.ConfigExport;
import dev.webhooker.configfile.ConfigFileReader;
import dev.webhooker.configfile.ConfigMerge;
import dev.webhooker.format.TemplateCheck;
import dev.webhooker.routing.SecretSeal;
import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.ConfigValidator;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.signin.RequestAccess;
import dev.webhooker.store.ConfigOrigin;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.UnreadableConfigException;
import dev.webhooker.store.UnreadableRow;

/**
 * The configuration as the YAML the config file uses. {@code GET /admin/api/config/export} gives what the caller
 * sees (one group with {@code ?groupId=}), ready to become a {@code WEBHOOKER_CONFIG} file.
 * {@code POST /admin/api/config/import} takes such a document (super admins only): it is validated like the file and
 * answered with what would change; with {@code ?apply=true} (and optionally {@code If-Match} with the configuration
 * revision) it is written in one transaction. It adds and updates what it names and leaves the rest; only
 * {@code ?prune=true} makes it the whole configuration, removing what it leaves out.
 */
@RestController
class ConfigYamlController {

    private static final MediaType YAML = MediaType.parseMediaType("application/yaml");

    private final RequestAccess access;
    private final ConfigRepository repository;
    private final OperatorGrants grants;
    private final ConfigSnapshots snapshots;
    private final ConfigWrites configWrites;
    private final AuditLog audit;
    private final ConfigExport export;
    private final ConfigFileReader reader;
    private final ConfigValidator validator;
    private final TemplateCheck templates;

    ConfigYamlController(RequestAccess access, ConfigRepository repository, ConfigSnapshots snapshots, ConfigWrites configWrites,
                         AuditLog audit, SecretSeal seal, OperatorGrants grants, TemplateCheck templates) {
        this.templates = templates;
        this.export = new ConfigExport(seal);
        this.reader = new ConfigFileReader(seal, repository.targetPolicy());
        this.validator = new ConfigValidator(repository.targetPolicy());
        this.access = access;
        this.repository = repository;
        this.snapshots = snapshots;
        this.configWrites = configWrites;
        this.audit = audit;
        this.grants = grants;
    }

    @GetMapping("/admin/api/config/export")
    ResponseEntity<String> export(@RequestParam(name = "groupId", required = false) String groupId, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        if (groupId != null) {
            scope.require(Capability.VIEW, groupId);
        }
        ConfigSnapshot config = repository.load();
        List<Group> groups = config.groups().stream()
                .filter(g -> scope.sees(g.id()) && (groupId == null || groupId.equals(g.id()))).toList();
        List<Route> routes = config.routes().stream().filter(r -> {
            boolean visible = r.groupId() == null ? scope.superAdmin() && groupId == null : scope.sees(r.groupId());
            return visible && (groupId == null || groupId.equals(r.groupId()));
        }).toList();
        // an export is how a configuration is copied or kept: one that silently lacks rows would lose them
        List<UnreadableRow> unread = repository.unreadableRows().stream()
                .filter(row -> scope.sees(row.groupId()) && (groupId == null || groupId.equals(row.groupId()))).toList();
        if (!unread.isEmpty()) {
            throw UnreadableConfigException.onRead(unread, "the export");
        }
        return ResponseEntity.ok().contentType(YAML)
                .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"" + (groupId == null ? "webhooker" : groupId) + ".yaml\"")
                .body(export.yaml(groups, routes));
    }

    /**
     * Merges by default: what the document names is added or updated, every other group and route stays. With
     * {@code prune=true} the document is the whole configuration: what it leaves out is removed, and the preview lists
     * each removal by id.
     */
    @PostMapping("/admin/api/config/import")
    Map<String, Object> importDocument(@RequestBody(required = false) byte[] body,
                                       @RequestParam(name = "apply", defaultValue = "false") boolean apply,
                                       @RequestParam(name = "prune", defaultValue = "false") boolean prune,
                                       @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                       HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        if (!scope.superAdmin()) {
            throw new AdminApiException(HttpStatus.FORBIDDEN, "Forbidden", "importing a whole configuration is for super admins");
        }
        if (prune) {
            configWrites.requireWholeListAllowed();
        }
        if (body == null || body.length == 0) {
            throw AdminApiException.badRequest("Invalid configuration", "the body must be a YAML (or JSON) config document");
        }
        ConfigDocument document = reader.parse(body, "import");
        Map<String, Group> documentGroups = new HashMap<>();
        document.groups().forEach(g -> documentGroups.put(g.id(), g));
        ConfigSnapshot stored = snapshots.current();
        // a route's template is checked with its group as the import leaves it (the document's, else the stored one)
        templates.requireAll(document.routes(), id -> documentGroups.getOrDefault(id, stored.group(id).orElse(null)));
        if (!prune) {
            Set<String> named = new LinkedHashSet<>();
            document.groups().forEach(g -> named.add(g.id()));
            document.routes().stream().filter(r -> r.groupId() != null).forEach(r -> named.add(r.groupId()));
            named.forEach(configWrites::requireAllowed);
        }
        ConfigSnapshot current = repository.load();
        ConfigDocument result = prune ? document : ConfigMerge.into(current.groups(), current.routes(), document);
        if (!prune) {
            // the document alone is valid; with the groups and routes it leaves in place it must be too
            validator.requireValid(result.groups(), result.routes());
        }
        ConfigChanges changes = ConfigChanges.between(current.groups(), current.routes(), result);
        if (apply && !changes.isEmpty()) {
            SessionUser user = scope.user();
            // a merge keeps every group and route as read: a write that came in between is not undone
            Long revision = ifMatch == null && !prune ? Long.valueOf(current.version()) : Versions.optional(ifMatch);
            repository.replaceAll(result.groups(), result.routes(), ConfigOrigin.CONSOLE, revision, grants.with(scope, current,
                    document.groups(), document.routes(), () -> audit.record(AuditEntry.of("config.import")
                    .actor(user.userId(), user.login()).target("config", "all")
                    .detail(JsonNodeFactory.instance.objectNode().put("changes", changes.describe()).put("prune", prune).toString())
                    .ip(request.getRemoteAddr()))));
            snapshots.refresh();
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("ok", true);
        answer.put("applied", apply && !changes.isEmpty());
        answer.put("prune", prune);
        answer.put("summary", changes.describe());
        answer.put("groups", diff(changes.groups()));
        answer.put("routes", diff(changes.routes()));
        answer.put("revision", current.version());
        return answer;
    }

    private static Map<String, Object> diff(ConfigChanges.Diff diff) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("added", diff.added());
        out.put("changed", diff.changed());
        out.put("removed", diff.removed());
        out.put("reordered", diff.reordered());
        return out;
    }

}
