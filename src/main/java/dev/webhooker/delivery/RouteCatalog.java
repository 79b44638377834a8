package dev.webhooker.delivery;

import java.util.List;
import java.util.Optional;

import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.WebhookEvent;

/**
 * What the engine needs from configuration and routing: the routes an event selects (on the first
 * attempt), and the current group and route by id (on later attempts, which reuse the planned targets).
 * Bound to {@code ConfigSnapshots} + {@code RouteSelector} by {@code SnapshotRouteCatalog}.
 */
interface RouteCatalog {

    List<Route> matching(WebhookEvent event);

    Optional<Group> group(String groupId);

    Optional<Route> route(String groupId, String routeId);

    /** Whether the chat {@code target} names has consented to {@code groupId}'s messages (URL targets need not). */
    boolean consents(String groupId, Target target);
}
