package dev.webhooker.audit;

/**
 * One row of {@code audit_logs} before it is written: who did what to which target in
 * which group. {@code detail} is JSON text and must never hold secrets or message bodies. Built from
 * {@link #of(String)} with the parts an action has; the rest stays {@code null}.
 */
public record AuditEntry(
        String action,
        String actorId,
        String actorLogin,
        String targetType,
        String targetId,
        String groupId,
        String detail,
        String ip) {

    public AuditEntry {
        if (action == null || action.isBlank()) {
            throw new IllegalArgumentException("an audit entry needs an action");
        }
    }

    public static AuditEntry of(String action) {
        return new AuditEntry(action, null, null, null, null, null, null, null);
    }

    public AuditEntry actor(String id, String login) {
        return new AuditEntry(action, id, login, targetType, targetId, groupId, detail, ip);
    }

    public AuditEntry target(String type, String id) {
        return new AuditEntry(action, actorId, actorLogin, type, id, groupId, detail, ip);
    }

    /** Most actions touch one group, which is both the target and the scope the group's admins may read. */
    public AuditEntry onGroup(String id) {
        return new AuditEntry(action, actorId, actorLogin, "group", id, id, detail, ip);
    }

    public AuditEntry group(String id) {
        return new AuditEntry(action, actorId, actorLogin, targetType, targetId, id, detail, ip);
    }

    public AuditEntry detail(String json) {
        return new AuditEntry(action, actorId, actorLogin, targetType, targetId, groupId, json, ip);
    }

    public AuditEntry ip(String address) {
        return new AuditEntry(action, actorId, actorLogin, targetType, targetId, groupId, detail, address);
    }
}
