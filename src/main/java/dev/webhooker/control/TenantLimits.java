package dev.webhooker.control;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

import dev.webhooker.access.Access;
import dev.webhooker.access.PersonalGroups;
import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.routing.Route;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.TenantLimitException;

/**
 * The limits of one tenant on the admin API's writes, so that no group fills the instance alone: routes per
 * group (MAX_ROUTES_PER_GROUP) for group admins and owners; super admins are held only by the instance's
 * limits. Pending invites per group (MAX_INVITES_PER_GROUP) are counted by {@link Invites}. Also the one
 * rule on group ids that belongs to a person: {@code u-{userId}} is that user's personal group.
 */
@Component
class TenantLimits {

    private final WebhookerProperties.Limits limits;

    @Autowired
    TenantLimits(WebhookerProperties properties) {
        this.limits = properties.limits();
    }

    TenantLimits(WebhookerProperties.Limits limits) {
        this.limits = limits;
    }

    /** The most routes {@code scope}'s caller may bring one group to with a single add. */
    int routesPerGroup(Access scope) {
        return scope.superAdmin() ? ConfigRepository.NO_TENANT_LIMIT : limits.routesPerGroup();
    }

    int invitesPerGroup() {
        return limits.invitesPerGroup();
    }

    /**
     * A whole-list write by a group admin: refused when it takes a group over MAX_ROUTES_PER_GROUP. A group that
     * is already over it (a super admin put the routes there) may still be edited, as long as it does not grow.
     */
    void requireRouteLists(Access scope, List<Route> before, List<Route> after) {
        if (scope.superAdmin()) {
            return;
        }
        Map<String, Integer> had = countByGroup(before);
        countByGroup(after).forEach((groupId, count) -> {
            if (count > limits.routesPerGroup() && count > had.getOrDefault(groupId, 0)) {
                throw TenantLimitException.routesPerGroup(groupId, limits.routesPerGroup());
            }
        });
    }

    /** A group id a caller may not give a group: another user's personal group id. */
    static void requireNotAnothersPersonalId(Access scope, String groupId, String field) {
        if (PersonalGroups.reservedForAnother(groupId, scope.user())) {
            throw new AdminApiException(HttpStatus.CONFLICT, "Group id reserved",
                    field + ": \"" + groupId + "\" is the personal group id of user " + PersonalGroups.userOf(groupId).orElseThrow()
                            + "; only they get it (self-signup)");
        }
    }

    private static Map<String, Integer> countByGroup(List<Route> routes) {
        Map<String, Integer> counts = new HashMap<>();
        for (Route route : routes) {
            if (route.groupId() != null) {
                counts.merge(route.groupId(), 1, Integer::sum);
            }
        }
        return counts;
    }
}
