package dev.webhooker.access;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A signed-in user's scope, resolved once per request from the configuration in force: whether they are a
 * super admin and their role in each group they may see. Roles are never stored in the session, so a
 * removal applies to the very next request.
 */
public final class Access {

    private final SessionUser user;
    private final boolean superAdmin;
    private final Map<String, Role> roles;

    Access(SessionUser user, boolean superAdmin, Map<String, Role> roles) {
        this.user = user;
        this.superAdmin = superAdmin;
        this.roles = Collections.unmodifiableMap(new LinkedHashMap<>(roles));
    }

    public SessionUser user() {
        return user;
    }

    public boolean superAdmin() {
        return superAdmin;
    }

    /** Super admin, or a member of at least one group: the gate of every admin API call. */
    public boolean hasAnyAccess() {
        return superAdmin || !roles.isEmpty();
    }

    /** Role by group id, in configuration order; super admins are owners of every group. */
    public Map<String, Role> roles() {
        return roles;
    }

    public boolean sees(String groupId) {
        return roles.containsKey(groupId);
    }

    public boolean can(Capability capability, String groupId) {
        if (superAdmin) {
            return roles.containsKey(groupId);
        }
        Role role = roles.get(groupId);
        return role != null && capability.minimum() != null && role.atLeast(capability.minimum());
    }

    /** Only super admins create groups (others get one through self-signup or the install flow). */
    public boolean canCreateGroups() {
        return superAdmin;
    }

    /**
     * Throws unless the caller may {@code capability} on {@code groupId}: a group that does not exist and
     * one outside the caller's scope get the same answer.
     */
    public void require(Capability capability, String groupId) {
        if (!sees(groupId)) {
            throw AccessDeniedException.groupNotFound();
        }
        if (!can(capability, groupId)) {
            throw AccessDeniedException.forbidden();
        }
    }

    /** What the caller may do to {@code groupId}, for the console to show only what will work. */
    public List<Capability> capabilities(String groupId) {
        List<Capability> granted = new ArrayList<>();
        for (Capability capability : Capability.values()) {
            if (can(capability, groupId)) {
                granted.add(capability);
            }
        }
        return granted;
    }
}
