package dev.webhooker.store;

import dev.webhooker.routing.ConfigError;

/**
 * A stored group or route this instance cannot read: a sealed value no configured key opens, or data that does not
 * parse. It is left out of the configuration in force, and no write may delete or replace it unseen.
 *
 * @param groupId the route's group; for a group, its id
 * @param routeId null for a group
 * @param reason why it cannot be read (no secret in it)
 */
public record UnreadableRow(String groupId, String routeId, String reason) {

    /** {@code group "a"} or {@code route "r" of group "a"}. */
    public String describe() {
        return routeId == null ? "group " + ConfigError.quote(groupId)
                : "route " + ConfigError.quote(routeId) + " of group " + ConfigError.quote(groupId);
    }

    @Override
    public String toString() {
        return describe() + " (" + reason + ")";
    }
}
