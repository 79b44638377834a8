package dev.webhooker.ingress;

import java.util.List;

/**
 * Which routes selected a delivery when it arrived ({@code group/route} names, in evaluation order), or —
 * when none did — what said no first (a group gate or a filter), for the accepted-webhook log line.
 */
record RouteDecision(List<String> routes, String whyNone) {

    public RouteDecision {
        routes = List.copyOf(routes);
    }

    public static RouteDecision to(List<String> routes) {
        return new RouteDecision(routes, null);
    }

    public static RouteDecision none(String why) {
        return new RouteDecision(List.of(), why);
    }

    public boolean routed() {
        return !routes.isEmpty();
    }
}
