package dev.webhooker.control;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import com.fasterxml.jackson.databind.JsonNode;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.audit.AuditEntry;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.access.Access;
import dev.webhooker.access.Capability;
import dev.webhooker.access.SessionUser;
import dev.webhooker.signin.RequestAccess;
import dev.webhooker.store.TenantLimitException;

/**
 * A group's invites, for its owners: list the pending ones, create one for the
 * role {@code admin} or {@code viewer} (never owner) with an optional note, revoke one. At most
 * MAX_INVITES_PER_GROUP are pending per group (409 beyond). The link is accepted at
 * {@code /admin/invite?token=…} after a confirmation ({@link InviteAcceptController}).
 */
@RestController
class InvitesController {

    private static final String ROLE_REFUSED = "role must be \"admin\" or \"viewer\"";

    /** The body of an invite: the role it grants (never owner) and an optional note for the invitee. */
    record InviteRequest(
            @RefusedAs(ROLE_REFUSED) @NotNull(message = "missing") @Pattern(regexp = "admin|viewer", message = "admin or viewer") String role,
            @RefusedAs("Note too long") @Size(max = 200, message = "at most {max} characters") String note) {
    }

    private final RequestAccess access;
    private final Invites invites;
    private final AuditLog audit;
    private final TenantLimits limits;
    private final RequestBodies bodies;

    InvitesController(RequestAccess access, Invites invites, AuditLog audit, TenantLimits limits, RequestBodies bodies) {
        this.bodies = bodies;
        this.limits = limits;
        this.access = access;
        this.invites = invites;
        this.audit = audit;
    }

    @GetMapping("/admin/api/groups/{id}/invites")
    Map<String, Object> list(@PathVariable String id, HttpServletRequest request) {
        access.of(request).orElseThrow().require(Capability.MANAGE_INVITES, id);
        return Map.of("invites", invites.list(id).stream().map(InvitesController::wire).toList());
    }

    @PostMapping("/admin/api/groups/{id}/invites")
    Map<String, Object> create(@PathVariable String id, @RequestBody(required = false) JsonNode body, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        scope.require(Capability.MANAGE_INVITES, id);
        InviteRequest fields = bodies.read(body, InviteRequest.class, "Invalid invite");
        String role = fields.role();
        String note = fields.note();
        SessionUser user = scope.user();
        int max = limits.invitesPerGroup();
        Invites.Invite invite = invites.create(id, role, user.login(), note == null || note.isEmpty() ? null : note, max)
                .orElseThrow(() -> TenantLimitException.invitesPerGroup(id, max));
        audit.record(AuditEntry.of("invite.create").actor(user.userId(), user.login()).onGroup(id)
                .detail("{\"role\":\"" + role + "\"}").ip(request.getRemoteAddr()));
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("ok", true);
        answer.put("token", invite.token());
        answer.put("url", "/admin/invite?token=" + invite.token());
        answer.put("expiresAt", invite.expiresAt());
        return answer;
    }

    @DeleteMapping("/admin/api/invites/{token}")
    Map<String, Object> revoke(@PathVariable String token, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        Invites.Invite invite = invites.find(token)
                .orElseThrow(() -> new AdminApiException(HttpStatus.NOT_FOUND, "Invite not found", null));
        if (!scope.can(Capability.MANAGE_INVITES, invite.groupId())) {
            throw new AdminApiException(HttpStatus.NOT_FOUND, "Invite not found", null);
        }
        invites.revoke(token);
        SessionUser user = scope.user();
        audit.record(AuditEntry.of("invite.revoke").actor(user.userId(), user.login()).onGroup(invite.groupId()).ip(request.getRemoteAddr()));
        return Map.of("ok", true);
    }

    private static Map<String, Object> wire(Invites.Invite invite) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("token", invite.token());
        out.put("groupId", invite.groupId());
        out.put("role", invite.role());
        out.put("expiresAt", invite.expiresAt());
        out.put("createdBy", invite.createdBy());
        if (invite.note() != null) {
            out.put("note", invite.note());
        }
        return out;
    }

}
