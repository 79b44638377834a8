package dev.webhooker.access;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.webhooker.routing.Group;

/**
 * Resolves who may see and do what. Super admins are matched on their numeric
 * GitHub id only (ADMIN_USER_IDS). A member pinned to a {@code userId} is matched on that id alone; an
 * unpinned member by login (case-insensitive) or by the numeric id written as its login. Members are
 * normalised as the original did: blank logins and later case-insensitive duplicates are skipped, unknown
 * roles count as owner, and a group without members falls back to its legacy {@code adminIds} as owners.
 */
public final class ScopeResolver {

    private final Set<String> superAdminIds;

    public ScopeResolver(List<String> superAdminIds) {
        this.superAdminIds = Set.copyOf(superAdminIds);
    }

    public boolean isSuperAdmin(SessionUser user) {
        return superAdminIds.contains(user.userId());
    }

    public Access resolve(SessionUser user, List<Group> groups) {
        boolean superAdmin = isSuperAdmin(user);
        Map<String, Role> roles = new LinkedHashMap<>();
        for (Group group : groups) {
            if (superAdmin) {
                roles.put(group.id(), Role.OWNER);
                continue;
            }
            Role role = roleIn(group, user);
            if (role != null) {
                roles.put(group.id(), role);
            }
        }
        return new Access(user, superAdmin, roles);
    }

    /** The user's role in {@code group} from its members alone, or {@code null} when not a member. */
    public static Role roleIn(Group group, SessionUser user) {
        if (group.members().isEmpty()) {
            for (String admin : group.adminIds()) {
                if (admin != null && matchesLogin(admin, user)) {
                    return Role.OWNER;
                }
            }
            return null;
        }
        Set<String> seen = new HashSet<>();
        for (Group.Member member : group.members()) {
            if (member.login() == null || member.login().isBlank()
                    || !seen.add(member.login().trim().toLowerCase(Locale.ROOT))) {
                continue;
            }
            if (matches(member, user)) {
                return Role.ofStored(member.role());
            }
        }
        return null;
    }

    /** Whether {@code member} is {@code user}: by the pinned id when there is one, else by login or id-as-login. */
    public static boolean matches(Group.Member member, SessionUser user) {
        return member.userId() != null ? member.userId().equals(user.userId())
                : member.login() != null && matchesLogin(member.login(), user);
    }

    private static boolean matchesLogin(String login, SessionUser user) {
        String trimmed = login.trim();
        return trimmed.equalsIgnoreCase(user.login()) || trimmed.equals(user.userId());
    }
}
