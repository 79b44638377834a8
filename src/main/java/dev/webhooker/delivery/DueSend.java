package dev.webhooker.delivery;

import dev.webhooker.queue.DeliveryTarget;

/**
 * One (route x target) due in a delivery attempt: one part of the delivery route's split, before it is prepared. The
 * attempt is the context the send reads (claim, event, each route's message); the sends no longer write into it.
 */
public record DueSend(DeliveryAttempt attempt, DeliveryTarget target) {
}
