package dev.webhooker.ingress;

import java.util.List;

import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.RouteSelector;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.WebhookEvent;

/**
 * Whether any route selects a delivery under the configuration in force when it arrives — the same
 * selection the delivery engine makes. A delivery no route selects is concluded at intake (zero
 * matched routes counts as delivered): it costs one commit instead of also a claim
 * and a release by the engine, which would find nothing to send. Such a delivery also gets the reason,
 * so that the operator can see in the log why nothing was sent.
 */
class RoutePreview {

    private final ConfigSnapshots snapshots;
    private final RouteSelector selector;

    public RoutePreview(ConfigSnapshots snapshots, RouteSelector selector) {
        this.snapshots = snapshots;
        this.selector = selector;
    }

    public RouteDecision decide(IncomingDelivery delivery) {
        ConfigSnapshot snapshot = snapshots.current();
        WebhookEvent event = delivery.toEvent();
        List<Route> selected = selector.select(snapshot, event);
        if (selected.isEmpty()) {
            return RouteDecision.none(selector.whyNone(snapshot, event));
        }
        return RouteDecision.to(selected.stream()
                .map(r -> r.groupId() == null ? r.id() : r.groupId() + "/" + r.id()).toList());
    }
}
