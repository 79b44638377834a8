package dev.webhooker.delivery;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import dev.webhooker.queue.ClaimedDelivery;
import dev.webhooker.queue.DeliveryTarget;
import dev.webhooker.routing.WebhookEvent;

/**
 * One claimed delivery on its way through routes/delivery.camel.yaml: the claim and its trace, the event once its
 * payload is resolved, the (route x target) plan, the sends due in this attempt, and — once concluded — the group log
 * messages to send. The body of the delivery route; its target sends run in parallel, read it (and share each route's
 * formatted message), and hand their outcomes to the split's aggregation ({@link TargetOutcomes}), not to it.
 */
public final class DeliveryAttempt {

    private final ClaimedDelivery claim;
    private final DeliveryTracing.Scope trace;
    private final Map<String, MessageComposer.Composed> composedByRoute = new ConcurrentHashMap<>();
    private WebhookEvent event;
    private List<DeliveryTarget> plan = List.of();
    private List<DueSend> sends = List.of();
    private List<GroupLogSend> groupLogs = List.of();
    private boolean delivered;
    /** Set when the lease was taken or renewed for the sends; outcomes are stored before three quarters of it pass. */
    private long keepStoringUntilNanos;

    DeliveryAttempt(ClaimedDelivery claim, DeliveryTracing.Scope trace) {
        this.claim = claim;
        this.trace = trace;
    }

    public ClaimedDelivery claim() {
        return claim;
    }

    /** The payload is gone or not a JSON object: nothing can be sent, the delivery fails. */
    public boolean payloadMissing() {
        return event == null;
    }

    /** The targets due now, one split part each. */
    public List<DueSend> sends() {
        return sends;
    }

    /** After {@code conclude}: one message per group with a log channel, when the delivery became final. */
    public List<GroupLogSend> groupLogs() {
        return groupLogs;
    }

    WebhookEvent event() {
        return event;
    }

    List<DeliveryTarget> plan() {
        return plan;
    }

    boolean delivered() {
        return delivered;
    }

    void resolved(WebhookEvent event, List<DeliveryTarget> plan) {
        this.event = event;
        this.plan = plan;
    }

    void missing(List<DeliveryTarget> plan) {
        this.plan = plan;
    }

    void due(List<DueSend> sends, long keepStoringUntilNanos) {
        this.sends = List.copyOf(sends);
        this.keepStoringUntilNanos = keepStoringUntilNanos;
    }

    long keepStoringUntilNanos() {
        return keepStoringUntilNanos;
    }

    void concluded(List<GroupLogSend> groupLogs, boolean delivered) {
        this.groupLogs = List.copyOf(groupLogs);
        this.delivered = delivered;
    }

    /** A route's message, formatted once per attempt however many of its targets are due. */
    MessageComposer.Composed composed(String groupId, String routeId, Supplier<MessageComposer.Composed> compose) {
        return composedByRoute.computeIfAbsent(groupId + "\n" + routeId, k -> compose.get());
    }

    Instant occurredAt(Instant now) {
        return claim.receivedAt() == null ? now : Instant.ofEpochMilli(claim.receivedAt());
    }

    void closeTrace() {
        trace.close();
    }

    /** A stable short id of (delivery, route, target): Discord keeps nonces of up to 25 characters. */
    String idempotencyKey(String route, String targetId) {
        return idempotencyKey(claim.key(), route, targetId);
    }

    static String idempotencyKey(String deliveryKey, String route, String targetId) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest((deliveryKey + "\n" + route + "\n" + targetId).getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(hash).substring(0, 25);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
