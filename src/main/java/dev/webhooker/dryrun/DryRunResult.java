package dev.webhooker.dryrun;

import java.util.List;

import dev.webhooker.delivery.RenderedMessage;
import dev.webhooker.format.FormattedMessage;
import dev.webhooker.routing.ConfigError;
import dev.webhooker.routing.Target;

/**
 * What a dry run found: either the routes that would fire, each with its message and the rendered
 * message of every target, or why the input was refused.
 */
public sealed interface DryRunResult {

    /**
     * The event as routing sees it ({@code provider}: github, gitea or custom; {@code event} after the
     * Gitea rename) and the routes that fire, in evaluation order; an empty list means nothing would be sent,
     * and {@code whyNone} then says why (null when a route fires).
     */
    record Preview(String provider, String event, String deliveryId, List<FiredRoute> routes, String whyNone,
                   List<SkippedRoute> skipped) implements DryRunResult {
        public Preview {
            routes = List.copyOf(routes);
            skipped = skipped == null ? List.of() : List.copyOf(skipped);
        }
    }

    /** A route that was considered and does not fire, and why (which gate or filter, a stop, a fallback). */
    record SkippedRoute(String id, String groupId, String name, String reason) {
    }

    /**
     * The input was refused. {@code error} is the short public text (the ingress wording, or
     * "Invalid configuration"), {@code detail} says what and where; {@code configErrors} lists every
     * problem of a refused configuration (empty otherwise).
     */
    record Refused(String error, String detail, List<ConfigError> configErrors) implements DryRunResult {
        public Refused {
            configErrors = List.copyOf(configErrors);
        }
    }

    /**
     * One route that fires. {@code message} is what the formatter made of the event for this route's group
     * ({@code formatError} set when the event's own formatter failed and the generic message stands in).
     */
    record FiredRoute(String id, String groupId, String name, FormattedMessage message, List<RenderedTarget> targets) {
        public FiredRoute {
            targets = List.copyOf(targets);
        }
    }

    /** The message as one target would get it; {@code renderError} is set (and {@code rendered} null) if rendering failed. */
    record RenderedTarget(Target target, RenderedMessage rendered, String renderError) {
    }
}
