package dev.webhooker.delivery;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.transaction.TransactionException;

import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.WebhookEvent;

/**
 * Runs one claimed delivery (pipeline.md §4.7, fixing P4, P5, P6, P15): resolve the payload, plan the
 * (route x target) rows on the first attempt, then format each route once and send or edit every due
 * target at the same time (on {@code targetSends}), each recording its outcome and send_logs rows;
 * finally either reschedule the delivery for its earliest non-final target, or — when every target is
 * final — mark it final, send the group log once and, when it was delivered, delete the parked payload.
 * <p>
 * Once per target, as far as a platform allows: a target is only tried while this worker holds the
 * delivery's lease (renewed before the sends), its outcome is committed (with its send_logs rows) as soon as
 * its call returns and before the delivery is released, and a final target is never tried again. What is
 * left is the window between a platform's answer and that commit: a crash there (or a database that stays
 * unreachable for longer than the lease) makes the target due again. Discord then drops the second create
 * by its nonce for a few minutes; Telegram has no such key, so there a message can arrive twice — delivery
 * is at least once (docs/operations.md).
 */
public class DeliveryProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(DeliveryProcessor.class);
    /** How long an in-place lock outlives a crashed holder; far above one edit plus one send. */
    private static final Duration MESSAGE_LOCK_TTL = Duration.ofSeconds(60);

    private final DeliveryQueue queue;
    private final DeliveryTargets targets;
    private final SendLogs sendLogs;
    private final MessageTracking tracking;
    private final MessageLocks locks;
    private final PayloadResolver payloads;
    private final RouteCatalog catalog;
    private final MessageComposer composer;
    private final MessageRenderer renderer;
    private final PlatformSender sender;
    private final DeliveryProperties settings;
    private final TargetRules rules;
    private final Clock clock;
    private final Executor targetSends;
    private final DeliveryMeters meters;
    private final DeliveryTracing tracing;

    public DeliveryProcessor(DeliveryQueue queue, DeliveryTargets targets, SendLogs sendLogs, MessageTracking tracking,
                             MessageLocks locks, PayloadResolver payloads, RouteCatalog catalog, MessageComposer composer,
                             MessageRenderer renderer, PlatformSender sender, DeliveryProperties settings, Clock clock,
                             Executor targetSends, DeliveryMeters meters, DeliveryTracing tracing) {
        this.meters = meters;
        this.tracing = tracing;
        this.queue = queue;
        this.targets = targets;
        this.sendLogs = sendLogs;
        this.tracking = tracking;
        this.locks = locks;
        this.payloads = payloads;
        this.catalog = catalog;
        this.composer = composer;
        this.renderer = renderer;
        this.sender = sender;
        this.settings = settings;
        this.rules = new TargetRules(settings.retryPolicy());
        this.clock = clock;
        this.targetSends = DeliveryMdc.propagating(targetSends);
    }

    public void process(ClaimedDelivery claim) {
        DeliveryMdc.put(claim.deliveryId());
        DeliveryTracing.Scope trace = tracing.continueDelivery(claim.traceParent());
        try {
            run(claim);
        } catch (LeaseLostException e) {
            LOG.warn("delivery {}: lease lost to another worker; leaving it to them", claim.key());
        } catch (RuntimeException e) {
            LOG.warn("delivery {} attempt {} failed: {}", claim.key(), claim.attempts(), e.toString(), e);
            retryWhole(claim, e);
        } finally {
            trace.close();
            DeliveryMdc.clear();
        }
    }

    private void run(ClaimedDelivery claim) {
        Optional<ObjectNode> payload = payloads.resolve(claim);
        // a plan is written during an attempt, so the first one (attempts counts claims) cannot have one to read
        List<DeliveryTarget> plan = claim.attempts() <= 1 ? List.of() : targets.list(claim.key());
        if (payload.isEmpty()) {
            failForMissingPayload(claim, plan);
            return;
        }
        WebhookEvent event = new WebhookEvent(claim.provider(), claim.event(), payload.get(), claim.installationId(),
                claim.groupId());
        if (plan.isEmpty()) {
            plan = targets.savePlan(claim.key(), plan(claim, event));
        }
        Attempt attempt = new Attempt(claim, event);
        Instant now = clock.instant();
        List<DeliveryTarget> due = plan.stream().filter(t -> t.progress().dueAt(now)).toList();
        if (!due.isEmpty() && !queue.renew(claim, settings.lease())) {
            throw new LeaseLostException();
        }
        Map<Integer, DeliveryTarget> outcomes = sendAll(attempt, due);
        List<DeliveryTarget> after = plan.stream().map(t -> outcomes.getOrDefault(t.position(), t)).toList();
        conclude(claim, event, after);
    }

    /**
     * Sends every due target at once and returns the stored outcomes by plan position. Each outcome is
     * committed as soon as its own call returns (stored before the delivery is released or tried again), so a
     * slow target does not hold up the others: a fan-out takes the time of its slowest
     * call, not the sum. The first target is sent by this thread, the others on {@code targetSends}.
     */
    private Map<Integer, DeliveryTarget> sendAll(Attempt attempt, List<DeliveryTarget> due) {
        attempt.composeRoutesOf(due);
        List<CompletableFuture<DeliveryTarget>> sends = new ArrayList<>(due.size());
        for (int i = 0; i < due.size(); i++) {
            DeliveryTarget target = due.get(i);
            sends.add(i == 0 ? new CompletableFuture<>() // the first one is sent by this thread, below
                    : sendAsync(attempt, target));
        }
        if (!due.isEmpty()) {
            try {
                sends.get(0).complete(attempt.deliverAndSave(due.get(0)));
            } catch (RuntimeException | Error e) {
                sends.get(0).completeExceptionally(e);
            }
        }
        Map<Integer, DeliveryTarget> outcomes = new HashMap<>();
        Throwable failure = null;
        for (int i = 0; i < due.size(); i++) {
            try {
                outcomes.put(due.get(i).position(), sends.get(i).join());
            } catch (CompletionException e) {
                Throwable cause = e.getCause() == null ? e : e.getCause();
                if (failure == null) {
                    failure = cause;
                } else {
                    failure.addSuppressed(cause);
                }
            }
        }
        // waited for every send first: the outcomes that were stored stand, the rest is retried as a whole
        if (failure instanceof Error error) {
            throw error;
        }
        if (failure != null) {
            throw failure instanceof RuntimeException r ? r : new IllegalStateException(failure);
        }
        return outcomes;
    }

    /** A target's send on {@code targetSends}; refused (shutting down), it is not sent and counts as failed. */
    private CompletableFuture<DeliveryTarget> sendAsync(Attempt attempt, DeliveryTarget target) {
        try {
            return CompletableFuture.supplyAsync(() -> attempt.deliverAndSave(target), targetSends);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** The (route x target) rows of a first attempt, in route then target order. */
    private List<DeliveryTarget> plan(ClaimedDelivery claim, WebhookEvent event) {
        Instant now = clock.instant();
        List<DeliveryTarget> plan = new ArrayList<>();
        Map<String, Boolean> seen = new HashMap<>();
        for (Route route : catalog.matching(event)) {
            String groupId = route.groupId() == null ? "" : route.groupId();
            for (Target target : route.targets()) {
                // the same target twice in one route is one message, not two
                if (seen.putIfAbsent(groupId + "\n" + route.id() + "\n" + target.id(), true) != null) {
                    continue;
                }
                plan.add(new DeliveryTarget(claim.key(), groupId, route.id(), plan.size(), route.name(), target,
                        TargetProgress.fresh(now), null, null, null, null));
            }
        }
        return plan;
    }

    /** Releases the delivery: final (then the group log, and the parked payload once delivered), or rescheduled for its next due target. */
    private void conclude(ClaimedDelivery claim, WebhookEvent event, List<DeliveryTarget> after) {
        Instant now = clock.instant();
        DeliveryVerdict verdict = DeliveryVerdict.of(after.stream().map(DeliveryTarget::progress).toList(), now);
        String lastError = after.stream().filter(t -> t.lastError() != null)
                .map(t -> (t.errorCode() == null ? "" : t.errorCode() + ": ") + t.lastError())
                .reduce((a, b) -> b).orElse(null);
        boolean released = verdict.isFinal() ? queue.finish(claim, verdict.status(), lastError)
                : queue.reschedule(claim, verdict.nextAttemptAt(), lastError);
        if (!verdict.isFinal()) {
            return;
        }
        if (!released) {
            LOG.warn("delivery {}: lease lost before it could be marked {}", claim.key(), verdict.status().wireName());
            return;
        }
        meters.finished(verdict.status());
        sendGroupLogs(claim, event, after);
        if (verdict.status() == DeliveryStatus.DELIVERED) {
            // a failed or dead one keeps its payload for a replay (FAILED_PAYLOAD_RETENTION, then storage-prune)
            discardPayload(claim);
        }
    }

    private void failForMissingPayload(ClaimedDelivery claim, List<DeliveryTarget> plan) {
        Instant now = clock.instant();
        String error = claim.payloadRef() == null ? "payload missing or not a JSON object"
                : "parked payload " + claim.payloadRef() + " is missing or not a JSON object";
        SendOutcome missing = SendOutcome.failure(ErrorCode.PAYLOAD_MISSING, null, error, 0);
        List<SendLogEntry> logs = new ArrayList<>();
        List<DeliveryTarget> after = new ArrayList<>();
        for (DeliveryTarget target : plan) {
            if (target.progress().isFinal()) {
                after.add(target);
                continue;
            }
            DeliveryTarget failed = target.after(new TargetProgress(TargetStatus.FAILED, target.progress().attempts(), now), missing);
            targets.update(failed, now);
            after.add(failed);
            logs.add(logEntry(claim, null, target.routeId(), target.targetId(), nullIfEmpty(target.groupId()),
                    target.target().platform().wireName(), missing, now.toEpochMilli(), 0));
        }
        if (plan.isEmpty()) {
            // nothing was planned (routes need the payload): one row so the failure is visible per delivery
            logs.add(logEntry(claim, null, "", "", claim.groupId(), null, missing, now.toEpochMilli(), 0));
        }
        sendLogs.append(logs);
        if (queue.finish(claim, DeliveryStatus.FAILED, ErrorCode.PAYLOAD_MISSING + ": " + error)) {
            meters.finished(DeliveryStatus.FAILED);
            LOG.warn("delivery {}: {}", claim.key(), error);
        }
    }

    /** An error outside any target (config, database): retry the whole delivery on the schedule. */
    private void retryWhole(ClaimedDelivery claim, RuntimeException e) {
        String error = "INTERNAL: " + e;
        try {
            Optional<Duration> delay = settings.retryPolicy().delayAfter(claim.attempts());
            if (delay.isPresent()) {
                queue.reschedule(claim, clock.instant().plus(delay.get()), error);
            } else if (queue.finish(claim, DeliveryStatus.DEAD, error)) {
                meters.finished(DeliveryStatus.DEAD);
            }
        } catch (RuntimeException again) {
            LOG.warn("delivery {}: could not record the failure ({}); the lease will expire and it is retried",
                    claim.key(), again.toString());
        }
    }

    private void sendGroupLogs(ClaimedDelivery claim, WebhookEvent event, List<DeliveryTarget> finalTargets) {
        Map<String, List<MessageComposer.Line>> linesByGroup = new LinkedHashMap<>();
        for (DeliveryTarget t : finalTargets) {
            if (t.groupId().isEmpty()) {
                continue;
            }
            linesByGroup.computeIfAbsent(t.groupId(), g -> new ArrayList<>()).add(new MessageComposer.Line(
                    t.routeName() == null ? t.routeId() : t.routeName(), t.targetId(),
                    t.progress().status() == TargetStatus.DELIVERED, t.lastError()));
        }
        linesByGroup.forEach((groupId, lines) -> catalog.group(groupId)
                .filter(group -> group.logTarget() != null)
                .ifPresent(group -> sendGroupLog(claim, event, group, lines)));
    }

    private void sendGroupLog(ClaimedDelivery claim, WebhookEvent event, Group group, List<MessageComposer.Line> lines) {
        try {
            var message = composer.groupLog(new MessageComposer.GroupLogSummary(event, claim.deliveryId(), group, lines));
            Target logTarget = group.logTarget();
            SendOutcome outcome = sender.send(logTarget, renderer.render(logTarget.platform(), message), null,
                    idempotencyKey(claim.key(), "group-log", group.id()));
            if (!outcome.ok()) {
                LOG.warn("group log of delivery {} to {} failed: {} {}", claim.key(), logTarget.id(), outcome.errorCode(), outcome.error());
            }
        } catch (RuntimeException e) {
            LOG.warn("group log of delivery {} for group {} failed: {}", claim.key(), group.id(), e.toString());
        }
    }

    private void discardPayload(ClaimedDelivery claim) {
        try {
            payloads.discard(claim);
        } catch (RuntimeException e) {
            LOG.warn("delivery {}: could not delete parked payload {} ({}); the maintenance sweep will",
                    claim.key(), claim.payloadRef(), e.toString());
        }
    }

    /**
     * One run over the due targets of a delivery: formats each route once (before the sends), then sends each
     * target and stores its outcome with its send_logs rows; {@link #deliverAndSave} runs on several threads.
     */
    private final class Attempt {

        private final ClaimedDelivery claim;
        private final WebhookEvent event;
        private final Map<String, MessageComposer.Composed> composedByRoute = new ConcurrentHashMap<>();
        /** Made right after the lease was taken or renewed; its outcomes are stored before three quarters of it pass. */
        private final long keepStoringUntilNanos;

        Attempt(ClaimedDelivery claim, WebhookEvent event) {
            this.claim = claim;
            this.event = event;
            this.keepStoringUntilNanos = System.nanoTime() + settings.lease().toNanos() * 3 / 4;
        }

        /** Formats the message of every route of {@code due} once; a failure is left to that target's send. */
        void composeRoutesOf(List<DeliveryTarget> due) {
            for (DeliveryTarget target : due) {
                try {
                    composed(target, group(target), route(target));
                } catch (RuntimeException e) {
                    // deliver() meets it again and records it as that target's INTERNAL failure
                }
            }
        }

        /** Sends (or edits) one target and commits its outcome with its send_logs rows; returns the stored target. */
        DeliveryTarget deliverAndSave(DeliveryTarget target) {
            List<SendLogEntry> logs = new ArrayList<>(2);
            DeliveryTarget next = deliver(target, logs);
            store(next, logs);
            return next;
        }

        /**
         * Commits an outcome the platform has already given. When the database is away for a moment, the commit
         * is tried again while this worker still holds the lease (three quarters of it, counted from the
         * attempt's start): given up, the target would be due again and sent a second time.
         */
        private void store(DeliveryTarget next, List<SendLogEntry> logs) {
            long waitMillis = 100;
            boolean warned = false;
            while (true) {
                try {
                    targets.update(next, clock.instant(), () -> {
                        sendLogs.append(logs);
                        return null;
                    });
                    if (warned) {
                        LOG.info("delivery {}: the outcome of target {} is stored after all", claim.key(), next.targetId());
                    }
                    return;
                } catch (DataAccessException | TransactionException e) {
                    if (System.nanoTime() + waitMillis * 1_000_000 > keepStoringUntilNanos) {
                        throw e;
                    }
                    if (!warned) {
                        LOG.warn("delivery {}: could not store the outcome of target {} ({}); trying again while the lease holds",
                                claim.key(), next.targetId(), e.toString());
                        warned = true;
                    }
                    try {
                        Thread.sleep(waitMillis);
                    } catch (InterruptedException interrupted) {
                        Thread.currentThread().interrupt();
                        throw e;
                    }
                    waitMillis = Math.min(waitMillis * 2, 1_000);
                }
            }
        }

        private Group group(DeliveryTarget target) {
            return target.groupId().isEmpty() ? null : catalog.group(target.groupId()).orElse(null);
        }

        private Route route(DeliveryTarget target) {
            return catalog.route(target.groupId(), target.routeId()).orElseGet(() -> plannedRoute(target));
        }

        private MessageComposer.Composed composed(DeliveryTarget target, Group group, Route route) {
            return composedByRoute.computeIfAbsent(target.groupId() + "\n" + target.routeId(),
                    k -> composer.compose(event, group, route, occurredAt(claim)));
        }

        private DeliveryTarget deliver(DeliveryTarget target, List<SendLogEntry> logs) {
            long started = clock.millis();
            String platform = target.target().platform().wireName();
            TargetResult result;
            try {
                MessageComposer.Composed composed = composed(target, group(target), route(target));
                if (composed.formatError() != null && target.progress().status() == TargetStatus.PENDING
                        && target.progress().attempts() == 0) {
                    logs.add(logEntry(claim, event, target.routeId(), target.targetId(), nullIfEmpty(target.groupId()), platform,
                            SendOutcome.failure(ErrorCode.FORMAT_ERROR, null, composed.formatError(), 0), started, 0));
                }
                RenderedMessage rendered = renderer.render(target.target().platform(), composed.message());
                String updateKey = composed.message().updateKey();
                result = updateKey == null || updateKey.isBlank()
                        ? TargetResult.of(sender.send(target.target(), rendered, null, idempotencyKey(target)))
                        : sendInPlace(target, rendered, updateKey, composed.message().updateOrder());
            } catch (RuntimeException e) {
                LOG.warn("delivery {} target {}: {}", claim.key(), target.targetId(), e.toString(), e);
                result = TargetResult.of(SendOutcome.failure(ErrorCode.INTERNAL, null, e.toString(), 0));
            }
            Instant now = clock.instant();
            if (result.deferred()) {
                return new DeliveryTarget(target.deliveryKey(), target.groupId(), target.routeId(),
                        target.position(), target.routeName(), target.target(),
                        rules.deferred(target.progress(), now, settings.lockRetryDelay()),
                        target.lastError(), target.errorCode(), target.httpStatus(), target.messageId());
            }
            SendOutcome outcome = result.outcome();
            DeliveryTarget next = target.after(rules.afterAttempt(target.progress(), outcome, now), outcome);
            TargetStatus status = next.progress().status();
            meters.attempt(platform, outcome, status);
            if (status == TargetStatus.FAILED || status == TargetStatus.DEAD) {
                LOG.warn("delivery {}: {} target {} of route {} is {} after {} attempt(s): {} {}", claim.key(), platform,
                        target.targetId(), target.routeId(), status.wireName(), next.progress().attempts(),
                        outcome.errorCode(), outcome.error());
            }
            logs.add(logEntry(claim, event, target.routeId(), target.targetId(), nullIfEmpty(target.groupId()), platform,
                    outcome, started, clock.millis() - started).withDetail(result.detail()));
            return next;
        }

        /**
         * One edit or one send under the (eventId, target) lock (P6): edit the tracked message; "not
         * modified" is a success; a refused edit (message deleted, say) forgets the id and sends once;
         * a failing platform keeps the id for the retry. Storing a new id is best effort. An event older
         * than the state the message shows is not edited in (W15, {@link StaleEditRule}): the target is
         * delivered with the tracked id, and the send_logs detail says the edit was skipped.
         */
        private TargetResult sendInPlace(DeliveryTarget target, RenderedMessage rendered, String updateKey, Long order) {
            String eventId = (target.groupId().isEmpty() ? "" : target.groupId() + ":") + target.routeId() + ":" + updateKey;
            String targetId = target.targetId();
            String owner = claim.lockToken();
            if (!locks.tryLock(eventId, targetId, owner, MESSAGE_LOCK_TTL)) {
                return TargetResult.DEFERRED;
            }
            try {
                Optional<MessageTracking.Tracked> tracked = tracking.find(eventId, targetId);
                int tries = 0;
                if (tracked.isPresent()) {
                    String messageId = tracked.get().messageId();
                    Long shown = tracked.get().order();
                    if (StaleEditRule.isStale(order, shown)) {
                        LOG.info("delivery {}: {} on {} already shows a newer state; not editing it back",
                                claim.key(), messageId, targetId);
                        return TargetResult.staleSkipped(messageId, order, shown);
                    }
                    SendOutcome edit = sender.send(target.target(), rendered, messageId, null);
                    if (edit.ok() || isNotModified(edit)) {
                        touch(eventId, targetId, messageId, StaleEditRule.orderAfterEdit(order, shown));
                        return TargetResult.of(SendOutcome.success(edit.httpStatus() == null ? 200 : edit.httpStatus(),
                                messageId, edit.tries()));
                    }
                    if (TargetRules.isRetryable(edit.errorCode())) {
                        return TargetResult.of(edit);
                    }
                    LOG.info("delivery {}: edit of {} on {} refused ({}); sending a new message",
                            claim.key(), messageId, targetId, edit.error());
                    tracking.forget(eventId, targetId);
                    tries = edit.tries();
                }
                SendOutcome sent = sender.send(target.target(), rendered, null, idempotencyKey(target)).plusTries(tries);
                if (sent.ok() && sent.messageId() != null) {
                    touch(eventId, targetId, sent.messageId(), order);
                }
                return TargetResult.of(sent);
            } finally {
                try {
                    locks.unlock(eventId, targetId, owner);
                } catch (RuntimeException e) {
                    LOG.warn("could not release the in-place lock {} / {} ({}); it expires in {}",
                            eventId, targetId, e.toString(), MESSAGE_LOCK_TTL);
                }
            }
        }

        private void touch(String eventId, String targetId, String messageId, Long order) {
            try {
                tracking.save(eventId, targetId, messageId, order);
            } catch (RuntimeException e) {
                // the message went out: a lost tracking id means a later update posts anew, never a re-send now
                LOG.warn("delivery {}: message {} sent but its tracking id was not stored: {}", claim.key(), messageId, e.toString());
            }
        }

        private String idempotencyKey(DeliveryTarget target) {
            return DeliveryProcessor.idempotencyKey(claim.key(), target.groupId() + ":" + target.routeId(), target.targetId());
        }
    }

    private Instant occurredAt(ClaimedDelivery claim) {
        return claim.receivedAt() == null ? clock.instant() : Instant.ofEpochMilli(claim.receivedAt());
    }

    private static boolean isNotModified(SendOutcome outcome) {
        return outcome.error() != null && outcome.error().toLowerCase(java.util.Locale.ROOT).contains("not modified");
    }

    /** A route deleted since the plan: the stored name and target still describe where it goes. */
    private static Route plannedRoute(DeliveryTarget target) {
        return new Route(target.routeId(), nullIfEmpty(target.groupId()), target.routeName(), true, List.of(), null,
                List.of(target.target()), false, false, List.of());
    }

    private static SendLogEntry logEntry(ClaimedDelivery claim, WebhookEvent event, String routeId, String targetId,
                                         String groupId, String platform, SendOutcome outcome, long ts, long durationMs) {
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
        var node = child == null ? payload.get(field) : payload.path(field).get(child);
        return node == null || node.isNull() || node.isContainerNode() ? null : node.asText();
    }

    private static String nullIfEmpty(String value) {
        return value == null || value.isEmpty() ? null : value;
    }

    /** A stable short id of (delivery, route, target): Discord keeps nonces of up to 25 characters. */
    static String idempotencyKey(String deliveryKey, String route, String targetId) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest((deliveryKey + "\n" + route + "\n" + targetId).getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(hash).substring(0, 25);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Either an outcome of a real attempt, or "not tried: another worker is updating this message".
     * {@code detail} is the send_logs detail JSON, when there is something to say.
     */
    private record TargetResult(SendOutcome outcome, String detail) {
        static final TargetResult DEFERRED = new TargetResult(null, null);

        static TargetResult of(SendOutcome outcome) {
            return new TargetResult(outcome, null);
        }

        /** A stale event (W15): delivered as the message it belongs to, no request made. */
        static TargetResult staleSkipped(String messageId, Long order, Long shown) {
            ObjectNode detail = JsonNodeFactory.instance.objectNode()
                    .put("skipped", "stale_update")
                    .put("reason", "the message already shows a newer state; an older event does not edit it back")
                    .put("order", order)
                    .put("shownOrder", shown);
            return new TargetResult(new SendOutcome(true, null, messageId, null, null, null, 0), detail.toString());
        }

        boolean deferred() {
            return outcome == null;
        }
    }

    private static final class LeaseLostException extends RuntimeException {
        LeaseLostException() {
            super("lease lost", null, false, false);
        }
    }
}
