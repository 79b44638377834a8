package dev.webhooker.delivery;

/** A group's log-channel summary of a final delivery, and the request that posts it. */
public record GroupLogSend(String deliveryKey, String groupId, String targetId, PlatformCall call) {
}
