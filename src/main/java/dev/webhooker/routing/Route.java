package dev.webhooker.routing;

import java.util.List;

/**
 * A route: which events (filters, or the {@code ast} tree that replaces them) go to which targets.
 * Its place in the saved list (the YAML file or the admin submission) is its evaluation order.
 */
public record Route(
        String id,
        String groupId,
        String name,
        boolean enabled,
        List<Filter> filters,
        FilterNode ast,
        List<Target> targets,
        boolean stop,
        boolean fallback,
        List<String> discordRoleIds) {

    public Route {
        filters = filters == null ? List.of() : List.copyOf(filters);
        targets = targets == null ? List.of() : List.copyOf(targets);
        discordRoleIds = discordRoleIds == null ? List.of() : List.copyOf(discordRoleIds);
    }

    public Route withTargets(List<Target> newTargets) {
        return new Route(id, groupId, name, enabled, filters, ast, newTargets, stop, fallback, discordRoleIds);
    }
}
