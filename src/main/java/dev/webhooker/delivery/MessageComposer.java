package dev.webhooker.delivery;

import java.time.Instant;
import java.util.List;

import dev.webhooker.format.NeutralMessage;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.WebhookEvent;

/**
 * Formatting as the engine sees it: the message of an event for one route (never throws: when the
 * event's formatter fails, the generic message comes back with {@code formatError} set), and the group
 * log-channel summary. Bound to {@code MessageFormatter} and {@code GroupLogFormatter}.
 */
interface MessageComposer {

    /** {@code occurredAt}: when the event was received, so a retry shows when it happened, not when it was sent. */
    Composed compose(WebhookEvent event, Group group, Route route, Instant occurredAt);

    NeutralMessage groupLog(GroupLogSummary summary);

    /** {@code formatError} is null when the event's own formatter succeeded. */
    record Composed(NeutralMessage message, String formatError) {
    }

    /** One delivery's final outcome for one group; {@code lines} in route then target order. */
    record GroupLogSummary(WebhookEvent event, String deliveryId, Group group, List<Line> lines) {
        public GroupLogSummary {
            lines = List.copyOf(lines);
        }
    }

    record Line(String routeName, String targetId, boolean ok, String error) {
    }
}
