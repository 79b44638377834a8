package dev.webhooker.delivery;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.queue.DeliveryTarget;
import dev.webhooker.queue.TargetStatus;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;

/**
 * The steps of one target send in routes/delivery.camel.yaml (bean {@code targetSteps}), between which the route
 * calls the platform endpoint: {@link #prepare} formats the route's message (once per attempt) and renders it for the
 * target, {@link #answered} reads each platform answer, {@link #record} applies the retry rules and stores the
 * outcome, and {@link #release} lets go of the in-place lock whatever happened.
 * <p>
 * In-place updates (P6, W15): under the (eventId, target) lock, the tracked message is edited; "not modified" is a
 * success; a refused edit (message deleted, say) forgets the id and sends once; a failing platform keeps the id for
 * the retry. An event older than the state the message shows is not edited in ({@link StaleEditRule}): the target is
 * delivered with the tracked id, and the send_logs detail says the edit was skipped. Storing a new id is best effort.
 */
public final class TargetSteps {

    private static final Logger LOG = LoggerFactory.getLogger(TargetSteps.class);
    /** How long an in-place lock outlives a crashed holder; far above one edit plus one send. */
    static final Duration MESSAGE_LOCK_TTL = Duration.ofSeconds(60);

    private final RouteCatalog catalog;
    private final MessageComposer composer;
    private final MessageRenderer renderer;
    private final PlatformCalls calls;
    private final MessageTracking tracking;
    private final MessageLocks locks;
    private final OutcomeStore outcomes;
    private final TargetHealth health;
    private final TargetRules rules;
    private final DeliveryProperties settings;
    private final DeliveryMeters meters;
    private final Clock clock;

    TargetSteps(RouteCatalog catalog, MessageComposer composer, MessageRenderer renderer, PlatformCalls calls,
                MessageTracking tracking, MessageLocks locks, OutcomeStore outcomes, TargetHealth health,
                DeliveryProperties settings, DeliveryMeters meters, Clock clock) {
        this.catalog = catalog;
        this.composer = composer;
        this.renderer = renderer;
        this.calls = calls;
        this.tracking = tracking;
        this.locks = locks;
        this.outcomes = outcomes;
        this.health = health;
        this.rules = new TargetRules(settings.retryPolicy());
        this.settings = settings;
        this.meters = meters;
        this.clock = clock;
    }

    /** Formats and renders the target's message and decides its first request (or that none is made). */
    public TargetSend prepare(TargetSend send) {
        send.started(clock.millis());
        DeliveryTarget target = send.target();
        DeliveryAttempt attempt = send.attempt();
        try {
            Optional<TargetHealth.Status> disabled = health.disabled(target.target());
            if (disabled.isPresent()) {
                send.done(SendOutcome.failure(ErrorCode.TARGET_DISABLED, null, "the target is disabled since "
                        + disabled.get().disabledAt() + " (" + disabled.get().disabledReason()
                        + "); an admin re-enables it, then this delivery can be replayed", 0), null);
                return send;
            }
            if (!catalog.consents(target.groupId(), target.target())) {
                send.done(SendOutcome.failure(ErrorCode.CHAT_NOT_CLAIMED, null, "the chat has not accepted messages from group "
                        + target.groupId() + ": /gh claim with the group's code in the chat, or a super admin's approval in the "
                        + "console; then this delivery can be replayed", 0), null);
                return send;
            }
            MessageComposer.Composed composed = composed(attempt, target);
            if (composed.formatError() != null && target.progress().status() == TargetStatus.PENDING
                    && target.progress().attempts() == 0) {
                send.logs().add(SendLogEntry.attempt(attempt.claim(), attempt.event(), target,
                        SendOutcome.failure(ErrorCode.FORMAT_ERROR, null, composed.formatError(), 0), send.startedMillis(), 0));
            }
            RenderedMessage rendered = renderer.render(target.target(), composed.message(), attempt.event());
            String updateKey = composed.message().updateKey();
            if (updateKey == null || updateKey.isBlank() || !target.target().editsInPlace()) {
                send.next(TargetSend.Step.SEND, calls.call(target.target(), rendered, null, idempotencyKey(send)));
            } else {
                startInPlace(send, rendered, updateKey, composed.message().updateOrder());
            }
        } catch (RuntimeException e) {
            failed(send, e);
        }
        return send;
    }

    /**
     * Formats the message of every route of the due targets once, before they are sent in parallel, and returns those
     * sends (the route splits them).
     */
    public List<TargetSend> composeRoutes(DeliveryAttempt attempt) {
        for (TargetSend send : attempt.sends()) {
            try {
                composed(attempt, send.target());
            } catch (RuntimeException e) {
                // prepare() meets it again and records it as that target's INTERNAL failure
            }
        }
        return attempt.sends();
    }

    /*
     * What the route's request loop reads of a send. Plain calls rather than Simple's OGNL (${exchangeProperty.send.call
     * .endpoint}): OGNL introspects the object's class with reflection on every evaluation, which made a delivery cost
     * twice the CPU and kept the introspection results, and the objects with them, on the heap (bench, 2026-12-01).
     */

    /** Whether a platform request is to be made now (at most two per send: a refused edit, then a new message). */
    public boolean callDue(TargetSend send) {
        return send.callDue();
    }

    /** The endpoint of that request ({@code toD} in the route): {@code discord:createMessage}, {@code webhook:post}… */
    public String endpoint(TargetSend send) {
        return send.call().endpoint();
    }

    /** The body that endpoint takes. */
    public Object request(TargetSend send) {
        return send.call().body();
    }

    /** The platform's answer to the request {@link #prepare} (or the answer before) decided. */
    public TargetSend answered(TargetSend send, SendOutcome outcome) {
        try {
            switch (send.step()) {
                case SEND -> send.done(outcome, null);
                case EDIT -> editAnswered(send, outcome);
                case SEND_IN_PLACE -> sentInPlace(send, outcome);
            }
        } catch (RuntimeException e) {
            failed(send, e);
        }
        return send;
    }

    /** Applies the state machine to what the send came to, and commits it with its send_logs rows. */
    public void record(TargetSend send) {
        DeliveryTarget target = send.target();
        DeliveryAttempt attempt = send.attempt();
        Instant now = clock.instant();
        DeliveryTarget next;
        SendOutcome outcome = null;
        if (send.isDeferred()) {
            next = new DeliveryTarget(target.deliveryKey(), target.groupId(), target.routeId(), target.position(),
                    target.routeName(), target.target(), rules.deferred(target.progress(), now, settings.lockRetryDelay()),
                    target.lastError(), target.errorCode(), target.httpStatus(), target.messageId());
        } else {
            outcome = send.outcome() != null ? send.outcome()
                    : SendOutcome.failure(ErrorCode.INTERNAL, null, "the platform call gave no answer", 0);
            String platform = target.target().platform();
            next = outcome.appliedTo(target, rules.afterAttempt(target.progress(), outcome, now));
            TargetStatus status = next.progress().status();
            meters.attempt(platform, outcome, status);
            if (status == TargetStatus.FAILED || status == TargetStatus.DEAD) {
                LOG.warn("delivery {}: {} target {} of route {} is {} after {} attempt(s): {} {}", attempt.claim().key(),
                        platform, target.targetId(), target.routeId(), status.wireName(), next.progress().attempts(),
                        outcome.errorCode(), outcome.error());
            }
            send.logs().add(SendLogEntry.attempt(attempt.claim(), attempt.event(), target, outcome, send.startedMillis(),
                    clock.millis() - send.startedMillis()).withDetail(send.detail()));
        }
        outcomes.store(attempt, next, send.logs(), outcome);
        attempt.stored(next);
    }

    /**
     * The send failed outside the platform call (its outcome could not be stored while the lease held, say): the
     * outcomes stored so far stand and the delivery is retried as a whole ({@link DeliverySteps#failIfUnstored}).
     */
    public void unstored(TargetSend send, Exception e) {
        send.attempt().unstored(e);
    }

    /** Lets go of the in-place lock, if this send holds one; a lock that cannot be released expires. */
    public void release(TargetSend send) {
        TargetSend.InPlace inPlace = send.inPlace();
        if (inPlace == null || !inPlace.locked) {
            return;
        }
        inPlace.locked = false;
        try {
            locks.unlock(inPlace.eventId, send.target().targetId(), inPlace.owner);
        } catch (RuntimeException e) {
            LOG.warn("could not release the in-place lock {} / {} ({}); it expires in {}",
                    inPlace.eventId, send.target().targetId(), e.toString(), MESSAGE_LOCK_TTL);
        }
    }

    private void startInPlace(TargetSend send, RenderedMessage rendered, String updateKey, Long order) {
        DeliveryTarget target = send.target();
        String eventId = (target.groupId().isEmpty() ? "" : target.groupId() + ":") + target.routeId() + ":" + updateKey;
        TargetSend.InPlace inPlace = new TargetSend.InPlace(eventId, send.attempt().claim().lockToken(), rendered, order);
        send.inPlace(inPlace);
        if (!locks.tryLock(eventId, target.targetId(), inPlace.owner, MESSAGE_LOCK_TTL)) {
            send.deferred();
            return;
        }
        inPlace.locked = true;
        Optional<MessageTracking.Tracked> tracked = tracking.find(eventId, target.targetId());
        if (InPlaceRule.start(tracked.isPresent(), order, null) == InPlaceRule.Start.SEND_NEW) {
            send.next(TargetSend.Step.SEND_IN_PLACE, calls.call(target.target(), rendered, null, idempotencyKey(send)));
            return;
        }
        inPlace.messageId = tracked.get().messageId();
        inPlace.shownOrder = tracked.get().order();
        if (InPlaceRule.start(true, order, inPlace.shownOrder) == InPlaceRule.Start.SKIP_STALE) {
            LOG.info("delivery {}: {} on {} already shows a newer state; not editing it back",
                    send.attempt().claim().key(), inPlace.messageId, target.targetId());
            send.done(new SendOutcome(true, null, inPlace.messageId, null, null, null, 0),
                    staleDetail(order, inPlace.shownOrder));
            return;
        }
        send.next(TargetSend.Step.EDIT, calls.call(target.target(), rendered, inPlace.messageId, null));
    }

    private void editAnswered(TargetSend send, SendOutcome edit) {
        TargetSend.InPlace inPlace = send.inPlace();
        String targetId = send.target().targetId();
        InPlaceRule.AfterEdit next = InPlaceRule.afterEdit(edit);
        if (next == InPlaceRule.AfterEdit.EDITED) {
            touch(send, inPlace.messageId, StaleEditRule.orderAfterEdit(inPlace.order, inPlace.shownOrder));
            send.done(SendOutcome.success(edit.httpStatus() == null ? 200 : edit.httpStatus(), inPlace.messageId, edit.tries()), null);
            return;
        }
        if (next == InPlaceRule.AfterEdit.RETRY_LATER) {
            send.done(edit, null);
            return;
        }
        LOG.info("delivery {}: edit of {} on {} refused ({}); sending a new message",
                send.attempt().claim().key(), inPlace.messageId, targetId, edit.error());
        tracking.forget(inPlace.eventId, targetId);
        inPlace.triesBefore = edit.tries();
        send.next(TargetSend.Step.SEND_IN_PLACE, calls.call(send.target().target(), inPlace.rendered, null, idempotencyKey(send)));
        if (!send.callDue() && send.outcome() != null) {
            send.done(send.outcome().plusTries(inPlace.triesBefore), null);
        }
    }

    private void sentInPlace(TargetSend send, SendOutcome outcome) {
        TargetSend.InPlace inPlace = send.inPlace();
        SendOutcome sent = outcome.plusTries(inPlace.triesBefore);
        if (sent.ok() && sent.messageId() != null) {
            touch(send, sent.messageId(), inPlace.order);
        }
        send.done(sent, null);
    }

    private void touch(TargetSend send, String messageId, Long order) {
        try {
            tracking.save(send.inPlace().eventId, send.target().targetId(), messageId, order);
        } catch (RuntimeException e) {
            // the message went out: a lost tracking id means a later update posts anew, never a re-send now
            LOG.warn("delivery {}: message {} sent but its tracking id was not stored: {}", send.attempt().claim().key(),
                    messageId, e.toString());
        }
    }

    private void failed(TargetSend send, RuntimeException e) {
        LOG.warn("delivery {} target {}: {}", send.attempt().claim().key(), send.target().targetId(), e.toString(), e);
        send.done(SendOutcome.failure(ErrorCode.INTERNAL, null, e.toString(), 0), null);
    }

    private MessageComposer.Composed composed(DeliveryAttempt attempt, DeliveryTarget target) {
        return attempt.composed(target.groupId(), target.routeId(), () -> composer.compose(attempt.event(), group(target),
                route(target), attempt.occurredAt(clock.instant())));
    }

    private Group group(DeliveryTarget target) {
        return target.groupId().isEmpty() ? null : catalog.group(target.groupId()).orElse(null);
    }

    private Route route(DeliveryTarget target) {
        return catalog.route(target.groupId(), target.routeId()).orElseGet(() -> plannedRoute(target));
    }

    /** A route deleted since the plan: the stored name and target still describe where it goes. */
    private static Route plannedRoute(DeliveryTarget target) {
        return new Route(target.routeId(), target.groupId().isEmpty() ? null : target.groupId(), target.routeName(), true,
                List.of(), null, List.of(target.target()), false, false, List.of());
    }

    private static String idempotencyKey(TargetSend send) {
        DeliveryTarget target = send.target();
        return send.attempt().idempotencyKey(target.groupId() + ":" + target.routeId(), target.targetId());
    }

    /** A stale event (W15): delivered as the message it belongs to, no request made. */
    private static String staleDetail(Long order, Long shown) {
        return JsonNodeFactory.instance.objectNode()
                .put("skipped", "stale_update")
                .put("reason", "the message already shows a newer state; an older event does not edit it back")
                .put("order", order)
                .put("shownOrder", shown)
                .toString();
    }
}
