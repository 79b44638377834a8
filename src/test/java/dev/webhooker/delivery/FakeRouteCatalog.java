package dev.webhooker.delivery;

import java.util.List;
import java.util.Optional;

import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.WebhookEvent;

/**
 * Test-only stand-in for ConfigSnapshots + RouteSelector (not merged yet): a route matches when its
 * first filter's {@code match} list names the event, or has no filters.
 */
final class FakeRouteCatalog implements RouteCatalog {

    private final List<Group> groups;
    private final List<Route> routes;

    FakeRouteCatalog(List<Group> groups, List<Route> routes) {
        this.groups = List.copyOf(groups);
        this.routes = List.copyOf(routes);
    }

    @Override
    public List<Route> matching(WebhookEvent event) {
        return routes.stream()
                .filter(r -> r.filters().isEmpty() || r.filters().get(0).match().contains(event.event()))
                .toList();
    }

    @Override
    public Optional<Group> group(String groupId) {
        return groups.stream().filter(g -> g.id().equals(groupId)).findFirst();
    }

    @Override
    public Optional<Route> route(String groupId, String routeId) {
        return routes.stream().filter(r -> r.id().equals(routeId)
                && (r.groupId() == null ? "" : r.groupId()).equals(groupId)).findFirst();
    }
}
