package dev.webhooker.routing;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One immutable version of the whole configuration: groups and routes in their saved order, and which chats have
 * consented to which group. Requests hold on to the snapshot they started with; narrowing to a tenant makes a new
 * list, never changes this one (the original's cache poisoning).
 */
public record ConfigSnapshot(long version, List<Group> groups, List<Route> routes, ChatConsent consent) {

    public ConfigSnapshot {
        groups = List.copyOf(groups);
        routes = List.copyOf(routes);
        consent = consent == null ? ChatConsent.none() : consent;
    }

    /** Groups and routes with no chat's consent (a dry run, which sends nothing). */
    public ConfigSnapshot(long version, List<Group> groups, List<Route> routes) {
        this(version, groups, routes, ChatConsent.none());
    }

    public static ConfigSnapshot empty() {
        return new ConfigSnapshot(0, List.of(), List.of());
    }

    public Optional<Group> group(String id) {
        return groups.stream().filter(g -> g.id().equals(id)).findFirst();
    }

    public Map<String, Group> groupsById() {
        return groups.stream().collect(Collectors.toUnmodifiableMap(Group::id, Function.identity()));
    }

    /** The routes of one group, in saved order (a new list). */
    public List<Route> routesOf(String groupId) {
        return routes.stream().filter(r -> groupId.equals(r.groupId())).toList();
    }
}
