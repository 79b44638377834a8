package dev.webhooker.control;

import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.access.Access;
import dev.webhooker.access.Capability;
import dev.webhooker.access.SessionUser;
import dev.webhooker.audit.AuditEntry;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.queue.DeliveryQueue;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.secrets.TenantSecrets;
import dev.webhooker.signin.RequestAccess;
import dev.webhooker.store.ConfigRepository;

/**
 * {@code PUT|POST /admin/api/groups/{id}/rename {"newId"}}, for owners. The group, its
 * routes and everything that names it (send logs, audit, deliveries, tracked messages) move in one
 * transaction, so its members keep its history (WebHooker left that behind); then its webhook secret and
 * pending invites follow. The group's own endpoint becomes {@code /webhook/{newId}}: senders must be told.
 */
@RestController
class GroupRenameController {

    private static final String ID_RULE = "lower-case letters, digits and dashes, at most 64, starting with a letter or digit";

    /** The body of a rename: the group's new id. */
    record RenameRequest(@NotNull(message = ID_RULE) @Pattern(regexp = "[a-z0-9][a-z0-9-]{0,63}", message = ID_RULE) String newId) {
    }

    private final RequestAccess access;
    private final ConfigRepository repository;
    private final ConfigSnapshots snapshots;
    private final ConfigWrites configWrites;
    private final TenantSecrets secrets;
    private final Invites invites;
    private final AuditLog audit;
    private final DeliveryQueue queue;
    private final RequestBodies bodies;

    GroupRenameController(RequestAccess access, ConfigRepository repository, ConfigSnapshots snapshots, ConfigWrites configWrites,
                          TenantSecrets secrets, Invites invites, AuditLog audit, DeliveryQueue queue, RequestBodies bodies) {
        this.bodies = bodies;
        this.access = access;
        this.repository = repository;
        this.snapshots = snapshots;
        this.configWrites = configWrites;
        this.secrets = secrets;
        this.invites = invites;
        this.audit = audit;
        this.queue = queue;
    }

    @RequestMapping(path = "/admin/api/groups/{id}/rename", method = {RequestMethod.PUT, RequestMethod.POST})
    Map<String, Object> rename(@PathVariable String id, @RequestBody(required = false) JsonNode body, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        scope.require(Capability.RENAME_GROUP, id);
        configWrites.requireAllowed(id);
        String newId = bodies.read(body, RenameRequest.class, "newId is invalid").newId();
        if (newId.equals(id)) {
            throw AdminApiException.badField("newId must differ from the current id", "newId", newId);
        }
        TenantLimits.requireNotAnothersPersonalId(scope, newId, "newId");
        // a new id the sync-mode file names would make the group the file's at its next apply
        configWrites.requireAllowed(newId);
        SessionUser user = scope.user();
        int routes = snapshots.refresh().routesOf(id).size();
        int moved = repository.renameGroup(id, newId, () -> {
            queue.renameGroup(id, newId);
            audit.record(AuditEntry.of("group.rename").actor(user.userId(), user.login())
                    .onGroup(newId).detail("{\"from\":\"" + id + "\",\"to\":\"" + newId + "\",\"routes\":" + routes + "}")
                    .ip(request.getRemoteAddr()));
        });
        secrets.move(id, newId);
        invites.moveGroup(id, newId);
        snapshots.refresh();
        return Map.of("ok", true, "id", newId, "routes", moved);
    }
}
