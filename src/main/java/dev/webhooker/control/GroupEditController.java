package dev.webhooker.control;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
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
import dev.webhooker.routing.ConfigJson;
import dev.webhooker.routing.SecretSeal;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Group;
import dev.webhooker.signin.RequestAccess;
import dev.webhooker.store.ConfigRepository;

/**
 * Writing one group at a time (instead of the original's whole-list replace, which lost concurrent edits):
 * {@code POST /admin/api/groups} (super admins), {@code PUT} and {@code DELETE /admin/api/groups/{id}}
 * (owners). A write names the version it was based on ({@code If-Match: "3"}, or {@code version} in the
 * body) and gets 412 when someone else wrote first. Each write is one transaction with its audit rows:
 * {@code group.create|update|delete} and one {@code group.member.add|remove|role} per member change.
 * Owners may not touch the sender gates ({@code owners}, {@code installationId}, {@code globalWebhook}; left
 * out of a submission, they keep their stored values), nor leave a group without an owner.
 */
@RestController
class GroupEditController {

    private final RequestAccess access;
    private final ConfigRepository repository;
    private final OperatorGrants grants;
    private final ConfigSnapshots snapshots;
    private final ConfigWrites configWrites;
    private final AuditLog audit;
    private final ConfigJson input;
    private final ConfigJson output;

    GroupEditController(RequestAccess access, ConfigRepository repository, ConfigSnapshots snapshots, ConfigWrites configWrites,
                        AuditLog audit, SecretSeal seal, OperatorGrants grants) {
        this.input = ConfigJson.forInput().sealedWith(seal);
        this.output = ConfigJson.forStorage().sealedWith(seal);
        this.access = access;
        this.repository = repository;
        this.snapshots = snapshots;
        this.configWrites = configWrites;
        this.audit = audit;
        this.grants = grants;
    }

    @PostMapping("/admin/api/groups")
    ResponseEntity<Map<String, Object>> create(@RequestBody JsonNode body, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        if (!scope.canCreateGroups()) {
            throw new AdminApiException(HttpStatus.FORBIDDEN, "Forbidden", "only super admins create groups");
        }
        Group group = input.readGroup(withoutVersion(body));
        configWrites.requireAllowed(group.id());
        TenantLimits.requireNotAnothersPersonalId(scope, group.id(), "id");
        SessionUser user = scope.user();
        Group stored = repository.createGroup(group, grants.with(scope, snapshots.current(), List.of(group), List.of(), () -> audit.record(
                AuditEntry.of("group.create").actor(user.userId(), user.login()).onGroup(group.id()).ip(request.getRemoteAddr()))));
        snapshots.refresh();
        return withVersion(HttpStatus.CREATED, stored, 1);
    }

    @PutMapping("/admin/api/groups/{id}")
    ResponseEntity<Map<String, Object>> update(@PathVariable String id, @RequestBody JsonNode body,
                                               @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                               HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        scope.require(Capability.EDIT_GROUP, id);
        configWrites.requireAllowed(id);
        int expected = Versions.required(ifMatch, body);
        ObjectNode submitted = withoutVersion(body);
        if (submitted.hasNonNull("id") && !id.equals(submitted.get("id").asText())) {
            throw AdminApiException.badField("The id cannot change here", "id", "use POST /admin/api/groups/" + id + "/rename");
        }
        submitted.put("id", id);
        Group before = repository.findGroup(id).orElseThrow().group();
        Group group = input.readGroup(GroupChanges.keepingOmitted(submitted, output.write(before)));
        GroupChanges changes = GroupChanges.between(before, group);
        if (!changes.gateFields().isEmpty() && !scope.can(Capability.EDIT_GATES, id)) {
            throw new AdminApiException(HttpStatus.FORBIDDEN, "Forbidden",
                    String.join(", ", changes.gateFields()) + ": only super admins set the sender gates");
        }
        if (GroupChanges.hasOwner(before.members()) && !GroupChanges.hasOwner(group.members())) {
            throw AdminApiException.badField("The last owner cannot be removed", "members", "keep at least one owner");
        }
        SessionUser user = scope.user();
        String ip = request.getRemoteAddr();
        ConfigRepository.VersionedGroup stored = repository.updateGroup(group, expected, grants.with(scope, snapshots.refresh(),
                List.of(group), List.of(), () -> {
            if (!changes.fields().isEmpty()) {
                audit.record(AuditEntry.of("group.update").actor(user.userId(), user.login()).onGroup(id)
                        .detail(changes.fieldsDetail()).ip(ip));
            }
            for (GroupChanges.MemberChange change : changes.members()) {
                audit.record(AuditEntry.of("group.member." + change.action()).actor(user.userId(), user.login()).onGroup(id)
                        .detail(memberJson(change)).ip(ip));
            }
        }));
        snapshots.refresh();
        return withVersion(HttpStatus.OK, stored.group(), stored.version());
    }

    /** The group, its routes and chat claims, and (DeletedGroupCleanup) its webhook secret and invites. */
    @DeleteMapping("/admin/api/groups/{id}")
    Map<String, Object> delete(@PathVariable String id,
                               @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                               HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        scope.require(Capability.DELETE_GROUP, id);
        configWrites.requireAllowed(id);
        int expected = Versions.required(ifMatch, null);
        SessionUser user = scope.user();
        repository.deleteGroup(id, expected, () -> audit.record(
                AuditEntry.of("group.delete").actor(user.userId(), user.login()).onGroup(id).ip(request.getRemoteAddr())));
        snapshots.refresh();
        return Map.of("ok", true);
    }

    private ResponseEntity<Map<String, Object>> withVersion(HttpStatus status, Group group, int version) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("ok", true);
        body.put("group", output.write(group));
        body.put("version", version);
        return ResponseEntity.status(status).eTag("\"" + version + "\"").body(body);
    }

    private static ObjectNode withoutVersion(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw AdminApiException.badRequest("Invalid JSON body", "the body must be a JSON object (a group)");
        }
        ObjectNode copy = ((ObjectNode) body).deepCopy();
        copy.remove("version");
        return copy;
    }

    private static String memberJson(GroupChanges.MemberChange change) {
        ObjectNode detail = JsonNodeFactory.instance.objectNode().put("login", change.login());
        if (change.role() != null) {
            detail.put("role", change.role());
        }
        return detail.toString();
    }
}
