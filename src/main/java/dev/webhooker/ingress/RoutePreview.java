package dev.webhooker.ingress;

import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.RouteSelector;

/**
 * Whether any route selects a delivery under the configuration in force when it arrives — the same
 * selection the delivery engine makes. A delivery no route selects is concluded at intake (zero
 * matched routes counts as delivered, pipeline.md §4.4): it costs one commit instead of also a claim
 * and a release by the engine, which would find nothing to send.
 */
public class RoutePreview {

    private final ConfigSnapshots snapshots;
    private final RouteSelector selector;

    public RoutePreview(ConfigSnapshots snapshots, RouteSelector selector) {
        this.snapshots = snapshots;
        this.selector = selector;
    }

    public boolean anyRouteSelects(IncomingDelivery delivery) {
        return !selector.select(snapshots.current(), delivery.toEvent()).isEmpty();
    }
}
