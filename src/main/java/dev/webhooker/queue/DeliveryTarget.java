package dev.webhooker.queue;

import dev.webhooker.routing.Target;

/**
 * One (route x target) of a delivery and its outcome so far ({@code delivery_targets} row). {@code errorCode} is the name of the
 * engine's error code.
 * {@code groupId} is {@code ""} for a route without a group. {@code target} keeps the coordinates the
 * plan was made with, so a retry reaches the same channel even if the route was edited since.
 */
public record DeliveryTarget(
        String deliveryKey,
        String groupId,
        String routeId,
        int position,
        String routeName,
        Target target,
        TargetProgress progress,
        String lastError,
        String errorCode,
        Integer httpStatus,
        String messageId) {

    public String targetId() {
        return target.id();
    }

    /**
     * This row after an attempt: {@code next} is where the target stands now; a failure's error and code replace the
     * earlier ones and a success clears them, while the tracked message id stays unless the attempt brought a new one.
     */
    public DeliveryTarget after(TargetProgress next, boolean ok, String error, String errorCode, Integer httpStatus,
                                String newMessageId) {
        return new DeliveryTarget(deliveryKey, groupId, routeId, position, routeName, target, next,
                ok ? null : error, errorCode, httpStatus, ok ? newMessageId : messageId);
    }
}
