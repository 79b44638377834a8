package dev.webhooker.delivery;

/**
 * One {@code send_logs} row: one attempt at one target (pipeline.md §5.1). {@code detail} is JSON
 * text or null (a stale in-place update that was skipped says so there).
 */
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
        String groupId,
        String detail) {

    public SendLogEntry(long ts, String routeId, String event, String repo, String target, boolean ok, String error,
                        Integer status, String messageId, String deliveryId, String platform, String actor, String action,
                        Long durationMs, String errorCode, Integer attempts, String groupId) {
        this(ts, routeId, event, repo, target, ok, error, status, messageId, deliveryId, platform, actor, action,
                durationMs, errorCode, attempts, groupId, null);
    }

    public SendLogEntry withDetail(String detail) {
        return new SendLogEntry(ts, routeId, event, repo, target, ok, error, status, messageId, deliveryId, platform,
                actor, action, durationMs, errorCode, attempts, groupId, detail);
    }
}
