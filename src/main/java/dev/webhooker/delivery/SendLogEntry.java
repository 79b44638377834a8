package dev.webhooker.delivery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.queue.ClaimedDelivery;
import dev.webhooker.queue.DeliveryTarget;
import dev.webhooker.routing.WebhookEvent;

/**
 * One {@code send_logs} row: one attempt at one target. {@code detail} is JSON
 * text or null (a stale in-place update that was skipped says so there); {@code callRecord} is JSON text of the
 * request made and the platform's answer ({@link CallRecord}), null when no request was made.
 */
record SendLogEntry(
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
        String detail,
        String callRecord) {

    public SendLogEntry(long ts, String routeId, String event, String repo, String target, boolean ok, String error,
                        Integer status, String messageId, String deliveryId, String platform, String actor, String action,
                        Long durationMs, String errorCode, Integer attempts, String groupId) {
        this(ts, routeId, event, repo, target, ok, error, status, messageId, deliveryId, platform, actor, action,
                durationMs, errorCode, attempts, groupId, null, null);
    }

    public SendLogEntry withDetail(String detail) {
        return new SendLogEntry(ts, routeId, event, repo, target, ok, error, status, messageId, deliveryId, platform,
                actor, action, durationMs, errorCode, attempts, groupId, detail, callRecord);
    }

    /** The same row, with the request made and its answer (null: none made). */
    public SendLogEntry withCall(CallRecord call) {
        return new SendLogEntry(ts, routeId, event, repo, target, ok, error, status, messageId, deliveryId, platform,
                actor, action, durationMs, errorCode, attempts, groupId, detail, call == null ? null : call.toJson().toString());
    }

    /** The row of one attempt at a planned target. */
    static SendLogEntry attempt(ClaimedDelivery claim, WebhookEvent event, DeliveryTarget target, SendOutcome outcome,
                                long ts, long durationMs) {
        return of(claim, event, target.routeId(), target.targetId(), target.groupId().isEmpty() ? null : target.groupId(),
                target.target().platform(), outcome, ts, durationMs);
    }

    /** {@code event} null: the payload is missing, so repository, actor and action are unknown. */
    static SendLogEntry of(ClaimedDelivery claim, WebhookEvent event, String routeId, String targetId, String groupId,
                           String platform, SendOutcome outcome, long ts, long durationMs) {
        ObjectNode payload = event == null ? null : event.payload();
        return new SendLogEntry(ts, routeId, claim.event() == null ? "" : claim.event(),
                text(payload, "repository", "full_name"), targetId, outcome.ok(), outcome.error(), outcome.httpStatus(),
                outcome.messageId(), claim.deliveryId(), platform, text(payload, "sender", "login"),
                text(payload, "action", null), durationMs, outcome.errorCode() == null ? null : outcome.errorCode().name(),
                outcome.tries(), groupId);
    }

    private static String text(ObjectNode payload, String field, String child) {
        if (payload == null) {
            return null;
        }
        JsonNode node = child == null ? payload.get(field) : payload.path(field).get(child);
        return node == null || node.isNull() || node.isContainerNode() ? null : node.asText();
    }
}
