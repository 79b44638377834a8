package dev.webhooker.routing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Decides which routes fire for an event.
 *
 * <ol>
 *   <li>On a per-group endpoint only that group's routes are considered — a new list; the snapshot is
 *       never changed, so one tenant's request cannot hide other tenants' routes.</li>
 *   <li>Routes are evaluated in the snapshot's saved order, never by id.</li>
 *   <li>A route may fire only if its group's gates accept the event ({@link GroupGates}).</li>
 *   <li>Fallback routes fire only when no accepted regular route matches — even one placed after a
 *       {@code stop} route; a matching regular route with {@code stop} ends the evaluation; {@code stop}
 *       on a fallback is ignored.</li>
 * </ol>
 *
 * One instance should serve the whole application: it caches the compiled patterns of the current
 * configuration version. It never throws for a malformed route; that route just does not match.
 */
public class RouteSelector {

    private final GroupGates gates;
    private final CompiledConfigCache cache;

    public RouteSelector() {
        this(new GroupGates(), new CompiledConfigCache());
    }

    public RouteSelector(GroupGates gates, CompiledConfigCache cache) {
        this.gates = gates;
        this.cache = cache;
    }

    /** The routes to fire for {@code event}, in saved order (a new list). */
    public List<Route> select(ConfigSnapshot snapshot, WebhookEvent event) {
        CompiledConfig config = cache.forSnapshot(snapshot);
        List<Candidate> candidates = candidates(config, event);

        boolean anyRegular = candidates.stream().anyMatch(c -> c.accepted && !c.route.fallback() && c.matches);
        List<Route> fired = new ArrayList<>();
        for (Candidate c : candidates) {
            if (!c.accepted) {
                continue;
            }
            if (c.route.fallback()) {
                if (!anyRegular && c.matches) {
                    fired.add(c.route);
                }
                continue;
            }
            if (c.matches) {
                fired.add(c.route);
                if (c.route.stop()) {
                    break;
                }
            }
        }
        return List.copyOf(fired);
    }

    /**
     * Why {@link #select} is empty for {@code event}: what said no to the first route that was considered,
     * e.g. {@code route default/pushes: filter event ["push"] refuses "issues"}. For a log line.
     */
    public String whyNone(ConfigSnapshot snapshot, WebhookEvent event) {
        CompiledConfig config = cache.forSnapshot(snapshot);
        String tenant = event.tenantGroupId();
        Map<String, Group> groups = config.groupsById();
        EventValues values = new EventValues(event);
        for (CompiledRoute compiled : config.routes()) {
            Route route = compiled.route();
            if (tenant != null && !tenant.equals(route.groupId())) {
                continue;
            }
            String name = "route " + (route.groupId() == null ? "" : route.groupId() + "/") + route.id() + ": ";
            if (!gates.acceptsRoute(route, groups, event)) {
                return name + gates.whyNot(route, groups, event);
            }
            if (!compiled.matches(values)) {
                return name + compiled.whyNot(values);
            }
        }
        if (config.routes().isEmpty()) {
            return "there are no routes";
        }
        return tenant == null ? "no route matches" : "group " + ConfigError.quote(tenant) + " has no route";
    }

    /** A route {@link #select} considered and did not fire, and why (a gate, a filter, a stop, a fallback). */
    public record Skipped(Route route, String reason) {
    }

    /**
     * Every route {@link #select} considered for {@code event} and did not fire, in saved order, with the reason;
     * the same decisions as {@code select}, for the dry run.
     */
    public List<Skipped> skipped(ConfigSnapshot snapshot, WebhookEvent event) {
        CompiledConfig config = cache.forSnapshot(snapshot);
        Map<String, Group> groups = config.groupsById();
        EventValues values = new EventValues(event);
        List<Candidate> candidates = candidates(config, event);
        boolean anyRegular = candidates.stream().anyMatch(c -> c.accepted && !c.route.fallback() && c.matches);
        List<Skipped> skipped = new ArrayList<>();
        boolean stopped = false;
        for (Candidate c : candidates) {
            String reason;
            if (!c.accepted) {
                reason = gates.whyNot(c.route, groups, event);
            } else if (c.route.fallback()) {
                reason = anyRegular ? "a fallback, and another route fires" : c.matches ? null : whyNot(config, c.route, values);
            } else if (stopped) {
                reason = "an earlier route with stop: true fires";
            } else if (!c.matches) {
                reason = whyNot(config, c.route, values);
            } else {
                reason = null;
                stopped = c.route.stop();
            }
            if (reason != null) {
                skipped.add(new Skipped(c.route, reason));
            }
        }
        return skipped;
    }

    private static String whyNot(CompiledConfig config, Route route, EventValues values) {
        return config.routes().stream().filter(r -> r.route() == route).findFirst().map(r -> r.whyNot(values)).orElse("no match");
    }

    /** The tenant's routes (all routes on the global endpoint), each gated and matched once. */
    private List<Candidate> candidates(CompiledConfig config, WebhookEvent event) {
        String tenant = event.tenantGroupId();
        Map<String, Group> groups = config.groupsById();
        EventValues values = new EventValues(event);
        List<Candidate> candidates = new ArrayList<>();
        for (CompiledRoute compiled : config.routes()) {
            Route route = compiled.route();
            if (tenant != null && !tenant.equals(route.groupId())) {
                continue;
            }
            boolean accepted = gates.acceptsRoute(route, groups, event);
            candidates.add(new Candidate(route, accepted, accepted && compiled.matches(values)));
        }
        return candidates;
    }

    private record Candidate(Route route, boolean accepted, boolean matches) {
    }
}
