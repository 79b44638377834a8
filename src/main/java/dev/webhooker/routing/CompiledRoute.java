package dev.webhooker.routing;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A route with its filter tree compiled. A route whose tree cannot be compiled, or whose evaluation
 * fails, simply does not match: one malformed route must never stop the others.
 */
final class CompiledRoute {

    private static final Logger LOG = LoggerFactory.getLogger(CompiledRoute.class);

    private final Route route;
    private final Condition condition;

    private CompiledRoute(Route route, Condition condition) {
        this.route = route;
        this.condition = condition;
    }

    static CompiledRoute compile(Route route) {
        return new CompiledRoute(route, conditionOf(route));
    }

    private static Condition conditionOf(Route route) {
        try {
            return Condition.of(route);
        } catch (RuntimeException | StackOverflowError e) {
            LOG.warn("Route {} of group {} has a malformed filter tree and will not match: {}",
                    route.id(), route.groupId(), e.toString());
            return Condition.NEVER;
        }
    }

    Route route() {
        return route;
    }

    /** Why {@link #matches} is false. */
    String whyNot(EventValues values) {
        if (!route.enabled()) {
            return "disabled";
        }
        try {
            return condition.whyNot(values);
        } catch (RuntimeException | StackOverflowError e) {
            return "its filter tree cannot be evaluated";
        }
    }

    /** {@code enabled} and the filter tree is true; {@code false} if evaluating the tree fails. */
    boolean matches(EventValues values) {
        if (!route.enabled()) {
            return false;
        }
        try {
            return condition.test(values);
        } catch (RuntimeException | StackOverflowError e) {
            LOG.warn("Route {} of group {} failed to evaluate and does not match: {}",
                    route.id(), route.groupId(), e.toString());
            return false;
        }
    }
}
