package dev.webhooker.routing;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One configuration version ready for matching: every route's patterns compiled once, in the snapshot's
 * saved order, and the groups by id for the gates. Immutable, so requests may share it freely.
 */
final class CompiledConfig {

    private final ConfigSnapshot snapshot;
    private final List<CompiledRoute> routes;
    private final Map<String, Group> groupsById;

    private CompiledConfig(ConfigSnapshot snapshot, List<CompiledRoute> routes, Map<String, Group> groupsById) {
        this.snapshot = snapshot;
        this.routes = routes;
        this.groupsById = groupsById;
    }

    static CompiledConfig compile(ConfigSnapshot snapshot) {
        // Not ConfigSnapshot.groupsById(): it throws on a duplicate id, and matching must not throw for bad
        // configuration. The first group with an id wins, as a lookup by id in the saved list would.
        Map<String, Group> groups = new HashMap<>();
        snapshot.groups().stream().filter(g -> g != null && g.id() != null).forEach(g -> groups.putIfAbsent(g.id(), g));
        return new CompiledConfig(
                snapshot,
                snapshot.routes().stream().map(CompiledRoute::compile).toList(),
                Map.copyOf(groups));
    }

    ConfigSnapshot snapshot() {
        return snapshot;
    }

    long version() {
        return snapshot.version();
    }

    /** Every route, in saved order. */
    List<CompiledRoute> routes() {
        return routes;
    }

    Map<String, Group> groupsById() {
        return groupsById;
    }
}
