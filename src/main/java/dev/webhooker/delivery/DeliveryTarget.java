package dev.webhooker.delivery;

import dev.webhooker.routing.Target;

/**
 * One (route x target) of a delivery and its outcome so far ({@code delivery_targets} row).
 * {@code groupId} is {@code ""} for a route without a group. {@code target} keeps the coordinates the
 * plan was made with, so a retry reaches the same channel even if the route was edited since.
 */
record DeliveryTarget(
        String deliveryKey,
        String groupId,
        String routeId,
        int position,
        String routeName,
        Target target,
        TargetProgress progress,
        String lastError,
        ErrorCode errorCode,
        Integer httpStatus,
        String messageId) {

    public String targetId() {
        return target.id();
    }

    public DeliveryTarget after(TargetProgress next, SendOutcome outcome) {
        return new DeliveryTarget(deliveryKey, groupId, routeId, position, routeName, target, next,
                outcome.ok() ? null : outcome.error(), outcome.errorCode(), outcome.httpStatus(),
                outcome.ok() ? outcome.messageId() : messageId);
    }
}
