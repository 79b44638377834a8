package dev.webhooker.delivery;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.queue.ClaimedDelivery;
import dev.webhooker.queue.DeliveryQueue;
import dev.webhooker.queue.DeliveryStatus;
import dev.webhooker.queue.DeliveryTarget;
import dev.webhooker.queue.DeliveryTargets;
import dev.webhooker.queue.TargetProgress;
import dev.webhooker.queue.TargetStatus;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.WebhookEvent;

/**
 * The steps of one claimed delivery in routes/delivery.camel.yaml (bean {@code deliverySteps}):
 * {@link #open} puts it in the logging context and its trace, {@link #plan} resolves the
 * payload, plans the (route x target) rows on the first attempt and renews the lease for the sends that are due;
 * the route then sends them in parallel ({@link TargetSteps}) and collects what each came to ({@link TargetOutcomes});
 * {@link #conclude} either reschedules the delivery for its earliest non-final target or, when every target is final
 * (or the payload is missing), marks it final and prepares the group logs; the parked payload of a delivered one is
 * discarded last.
 * <p>
 * Once per target, as far as a platform allows: a target is only tried while this worker holds the delivery's lease
 * (renewed before the sends), its outcome is committed (with its send_logs rows) as soon as its call returns and
 * before the delivery is released, and a final target is never tried again. What is left is the window between a
 * platform's answer and that commit: a crash there (or a database that stays unreachable for longer than the lease)
 * makes the target due again. Discord then drops the second create by its nonce for a few minutes; Telegram has no
 * such key, so there a message can arrive twice — delivery is at least once (docs/operations.md).
 */
public final class DeliverySteps {

    private static final Logger LOG = LoggerFactory.getLogger(DeliverySteps.class);

    private final DeliveryQueue queue;
    private final DeliveryTargets targets;
    private final SendLogs sendLogs;
    private final PayloadResolver payloads;
    private final RouteCatalog catalog;
    private final MessageComposer composer;
    private final MessageRenderer renderer;
    private final PlatformCalls calls;
    private final DeliveryProperties settings;
    private final DeliveryMeters meters;
    private final DeliveryTracing tracing;
    private final Clock clock;

    DeliverySteps(DeliveryQueue queue, DeliveryTargets targets, SendLogs sendLogs, PayloadResolver payloads,
                  RouteCatalog catalog, MessageComposer composer, MessageRenderer renderer, PlatformCalls calls,
                  DeliveryProperties settings, DeliveryMeters meters, DeliveryTracing tracing, Clock clock) {
        this.queue = queue;
        this.targets = targets;
        this.sendLogs = sendLogs;
        this.payloads = payloads;
        this.catalog = catalog;
        this.composer = composer;
        this.renderer = renderer;
        this.calls = calls;
        this.settings = settings;
        this.meters = meters;
        this.tracing = tracing;
        this.clock = clock;
    }

    /** The delivery id in the logging context and a span of the delivery's trace, until {@link #close}. */
    public DeliveryAttempt open(ClaimedDelivery claim) {
        DeliveryMdc.put(claim.deliveryId());
        return new DeliveryAttempt(claim, tracing.continueDelivery(claim.traceParent()));
    }

    /**
     * Resolves the payload and the plan (written on the first attempt: attempts counts claims, so the first one
     * cannot have one to read), and renews the lease when a target is due.
     */
    public DeliveryAttempt plan(DeliveryAttempt attempt) {
        ClaimedDelivery claim = attempt.claim();
        Optional<ObjectNode> payload = payloads.resolve(claim);
        List<DeliveryTarget> plan = claim.attempts() <= 1 ? List.of() : targets.list(claim.key());
        if (payload.isEmpty()) {
            attempt.missing(plan);
            return attempt;
        }
        WebhookEvent event = new WebhookEvent(claim.provider(), claim.event(), payload.get(), claim.installationId(),
                claim.groupId());
        if (plan.isEmpty()) {
            plan = targets.savePlan(claim.key(), firstPlan(claim, event));
        }
        attempt.resolved(event, plan);
        Instant now = clock.instant();
        List<DueSend> due = plan.stream().filter(t -> t.progress().dueAt(now)).map(t -> new DueSend(attempt, t)).toList();
        if (!due.isEmpty() && !queue.renew(claim, settings.lease())) {
            throw new LeaseLostException();
        }
        attempt.due(due, System.nanoTime() + settings.lease().toNanos() * 3 / 4);
        return attempt;
    }

    /**
     * After every send has finished, with {@code outcomes} the split collected: one that could not store its outcome
     * fails the attempt, once (then retried whole).
     */
    public List<TargetOutcome> failIfUnstored(DeliveryAttempt attempt, List<TargetOutcome> outcomes) throws Exception {
        Optional<Exception> unstored = TargetOutcomes.unstored(outcomes);
        if (unstored.isPresent()) {
            throw unstored.get();
        }
        return outcomes;
    }

    /**
     * Releases the delivery, with the {@code outcomes} its sends stored: rescheduled for its next due target, or final;
     * a final one counts in the meters and gets its group logs, which are returned for the route to send next.
     * Without its payload it fails at once.
     */
    public List<GroupLogSend> conclude(DeliveryAttempt attempt, List<TargetOutcome> outcomes) {
        concludeAttempt(attempt, outcomes);
        return attempt.groupLogs();
    }

    private void concludeAttempt(DeliveryAttempt attempt, List<TargetOutcome> outcomes) {
        if (attempt.payloadMissing()) {
            failForMissingPayload(attempt);
            return;
        }
        ClaimedDelivery claim = attempt.claim();
        List<DeliveryTarget> after = TargetOutcomes.after(attempt.plan(), outcomes);
        DeliveryVerdict verdict = DeliveryVerdict.of(after.stream().map(DeliveryTarget::progress).toList(), clock.instant());
        String lastError = after.stream().filter(t -> t.lastError() != null)
                .map(t -> (t.errorCode() == null ? "" : t.errorCode() + ": ") + t.lastError())
                .reduce((a, b) -> b).orElse(null);
        if (!verdict.isFinal()) {
            queue.reschedule(claim, verdict.nextAttemptAt(), lastError);
            return;
        }
        if (!queue.finish(claim, verdict.status(), lastError)) {
            LOG.warn("delivery {}: lease lost before it could be marked {}", claim.key(), verdict.status().wireName());
            return;
        }
        meters.finished(verdict.status());
        attempt.concluded(groupLogs(attempt, after), verdict.status() == DeliveryStatus.DELIVERED);
    }

    /** The endpoint of a group log post ({@code toD} in the route). */
    public String endpoint(GroupLogSend log) {
        return log.call().endpoint();
    }

    /** The body that endpoint takes. */
    public Object request(GroupLogSend log) {
        return log.call().body();
    }

    /** What a group log post came to: only a failure is worth a line (the delivery itself is final). */
    public void groupLogAnswered(GroupLogSend log, SendOutcome outcome) {
        if (!outcome.ok()) {
            LOG.warn("group log of delivery {} to {} failed: {} {}", log.deliveryKey(), log.targetId(), outcome.errorCode(),
                    outcome.error());
        }
    }

    public void groupLogFailed(GroupLogSend log, Exception e) {
        LOG.warn("group log of delivery {} for group {} failed: {}", log.deliveryKey(), log.groupId(), e.toString());
    }

    /**
     * A delivered delivery's parked payload goes, unless the queue keeps it for the delivery view; a failed or dead one
     * keeps it for a replay. Storage-prune discards what is kept.
     */
    public void discardPayload(DeliveryAttempt attempt) {
        if (!attempt.delivered() || queue.keepsDeliveredPayload()) {
            return;
        }
        try {
            payloads.discard(attempt.claim());
        } catch (RuntimeException e) {
            LOG.warn("delivery {}: could not delete parked payload {} ({}); the maintenance sweep will",
                    attempt.claim().key(), attempt.claim().payloadRef(), e.toString());
        }
    }

    /** Nothing can be sent without the payload: every open target fails with PAYLOAD_MISSING, and so does the delivery. */
    private void failForMissingPayload(DeliveryAttempt attempt) {
        ClaimedDelivery claim = attempt.claim();
        Instant now = clock.instant();
        String error = claim.payloadRef() == null ? "payload missing or not a JSON object"
                : "parked payload " + claim.payloadRef() + " is missing or not a JSON object";
        SendOutcome missing = SendOutcome.failure(ErrorCode.PAYLOAD_MISSING, null, error, 0);
        List<SendLogEntry> logs = new ArrayList<>();
        for (DeliveryTarget target : attempt.plan()) {
            if (target.progress().isFinal()) {
                continue;
            }
            targets.update(missing.appliedTo(target, new TargetProgress(TargetStatus.FAILED, target.progress().attempts(), now)), now);
            logs.add(SendLogEntry.attempt(claim, null, target, missing, now.toEpochMilli(), 0));
        }
        if (attempt.plan().isEmpty()) {
            // nothing was planned (routes need the payload): one row so the failure is visible per delivery
            logs.add(SendLogEntry.of(claim, null, "", "", claim.groupId(), null, missing, now.toEpochMilli(), 0));
        }
        sendLogs.append(logs);
        if (queue.finish(claim, DeliveryStatus.FAILED, ErrorCode.PAYLOAD_MISSING + ": " + error)) {
            meters.finished(DeliveryStatus.FAILED);
            LOG.warn("delivery {}: {}", claim.key(), error);
        }
    }

    public void leaseLost(DeliveryAttempt attempt) {
        LOG.warn("delivery {}: lease lost to another worker; leaving it to them", attempt.claim().key());
    }

    /** An error outside any target (config, database): the whole delivery is retried on the schedule. */
    public void retryWhole(DeliveryAttempt attempt, Exception e) {
        ClaimedDelivery claim = attempt.claim();
        LOG.warn("delivery {} attempt {} failed: {}", claim.key(), claim.attempts(), e.toString(), e);
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

    /** The end of the work on a delivery, whatever happened: its span ends and it leaves the logging context. */
    public void close(DeliveryAttempt attempt) {
        if (attempt != null) {
            attempt.closeTrace();
        }
        DeliveryMdc.clear();
    }

    /** The (route x target) rows of a first attempt, in route then target order. */
    private List<DeliveryTarget> firstPlan(ClaimedDelivery claim, WebhookEvent event) {
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

    /** One summary per group with a log channel, its lines in route then target order. */
    private List<GroupLogSend> groupLogs(DeliveryAttempt attempt, List<DeliveryTarget> finalTargets) {
        Map<String, List<MessageComposer.Line>> linesByGroup = new LinkedHashMap<>();
        for (DeliveryTarget t : finalTargets) {
            if (t.groupId().isEmpty()) {
                continue;
            }
            linesByGroup.computeIfAbsent(t.groupId(), g -> new ArrayList<>()).add(new MessageComposer.Line(
                    t.routeName() == null ? t.routeId() : t.routeName(), t.targetId(),
                    t.progress().status() == TargetStatus.DELIVERED, t.lastError()));
        }
        List<GroupLogSend> logs = new ArrayList<>();
        linesByGroup.forEach((groupId, lines) -> catalog.group(groupId)
                .filter(group -> group.logTarget() != null)
                .filter(group -> logConsented(attempt, group))
                .ifPresent(group -> groupLog(attempt, group, lines).ifPresent(logs::add)));
        return logs;
    }

    private boolean logConsented(DeliveryAttempt attempt, Group group) {
        if (catalog.consents(group.id(), group.logTarget())) {
            return true;
        }
        LOG.warn("group log of delivery {} for group {} not sent: {} {} has not accepted the group's messages (/gh claim)",
                attempt.claim().key(), group.id(), ErrorCode.CHAT_NOT_CLAIMED, group.logTarget().id());
        return false;
    }

    private Optional<GroupLogSend> groupLog(DeliveryAttempt attempt, Group group, List<MessageComposer.Line> lines) {
        ClaimedDelivery claim = attempt.claim();
        Target logTarget = group.logTarget();
        try {
            var message = composer.groupLog(new MessageComposer.GroupLogSummary(attempt.event(), claim.deliveryId(), group, lines));
            PlatformCall call = calls.call(logTarget, renderer.render(logTarget, message, attempt.event()), null,
                    attempt.idempotencyKey("group-log", group.id()));
            GroupLogSend send = new GroupLogSend(claim.key(), group.id(), logTarget.id(), call);
            if (!call.sendable()) {
                groupLogAnswered(send, call.notSent());
                return Optional.empty();
            }
            return Optional.of(send);
        } catch (RuntimeException e) {
            LOG.warn("group log of delivery {} for group {} failed: {}", claim.key(), group.id(), e.toString());
            return Optional.empty();
        }
    }
}
