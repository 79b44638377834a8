package dev.webhooker.delivery;

/** One {@code send_logs} row: one attempt at one target (pipeline.md §5.1). */
public record SendLogEntry(
        long ts,
        String routeId,
        String event,
        String repo,
        String target,
        boolean ok,
        String error,
        Integer status,
        String messageId,
        String deliveryId,
        String platform,
        String actor,
        String action,
        Long durationMs,
        String errorCode,
        Integer attempts,
        String groupId) {
}
