package dev.webhooker.delivery;

import java.util.List;
import java.util.Optional;

import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.RouteSelector;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.WebhookEvent;

/** The engine's view of the configuration: the current immutable snapshot and the route selector. */
class SnapshotRouteCatalog implements RouteCatalog {

    private final ConfigSnapshots snapshots;
    private final RouteSelector selector;

    public SnapshotRouteCatalog(ConfigSnapshots snapshots, RouteSelector selector) {
        this.snapshots = snapshots;
        this.selector = selector;
    }

    @Override
    public List<Route> matching(WebhookEvent event) {
        return selector.select(snapshots.current(), event);
    }

    @Override
    public Optional<Group> group(String groupId) {
        return groupId == null || groupId.isEmpty() ? Optional.empty() : snapshots.current().group(groupId);
    }

    @Override
    public Optional<Route> route(String groupId, String routeId) {
        ConfigSnapshot snapshot = snapshots.current();
        String group = groupId == null ? "" : groupId;
        return snapshot.routes().stream()
                .filter(r -> r.id().equals(routeId) && (r.groupId() == null ? "" : r.groupId()).equals(group))
                .findFirst();
    }

    @Override
    public boolean consents(String groupId, Target target) {
        return snapshots.current().consent().allows(groupId == null ? "" : groupId, target);
    }
}
