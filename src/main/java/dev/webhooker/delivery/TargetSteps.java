package dev.webhooker.delivery;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
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
 * The steps of one target send in routes/delivery.camel.yaml (bean {@code targetSteps}), each a function from one
 * immutable value to the next (the Camel body), between which the route calls the platform endpoint:
 * {@link #prepare} formats the route's message (once per attempt), renders it for the target and decides the first
 * request ({@link PreparedSend}); {@link #answered} pairs a request with the platform's answer ({@link AnsweredSend});
 * an in-place edit the platform refused ({@link #editRefused}) is followed by a new message ({@link #sendAnew});
 * {@link #settle} says what the send came to ({@link TargetOutcome}), {@link #record} applies the retry rules and
 * commits it, and {@link #release} lets go of the in-place lock whatever happened.
 * <p>
 * In-place updates: under the (eventId, target) lock, the tracked message is edited; "not modified" is a
 * success; a refused edit (message deleted, say) forgets the id and sends once; a failing platform keeps the id for
 * the retry ({@link InPlaceRule}). An event older than the state the message shows is not edited in
 * ({@link StaleEditRule}): the target is delivered with the tracked id, and the send_logs detail says the edit was
 * skipped. Storing a new id is best effort.
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

    /**
     * Formats the message of every route of the due targets once, before they are sent in parallel, and returns those
     * sends (the route splits them).
     */
    public List<DueSend> composeRoutes(DeliveryAttempt attempt) {
        for (DueSend send : attempt.sends()) {
            try {
                composed(attempt, send.target());
            } catch (RuntimeException e) {
                // prepare() meets it again and records it as that target's INTERNAL failure
            }
        }
        return attempt.sends();
    }

    /**
     * Formats and renders the target's message and decides its first request, or that none is made (the target is
     * disabled or its chat has not consented, the event is stale, another worker holds the in-place lock).
     */
    public PreparedSend prepare(DueSend due) {
        long started = clock.millis();
        DeliveryTarget target = due.target();
        DeliveryAttempt attempt = due.attempt();
        List<SendLogEntry> logs = List.of();
        try {
            Optional<TargetHealth.Status> disabled = health.disabled(target.target());
            if (disabled.isPresent()) {
                return PreparedSend.settled(due, started, logs, null, SendOutcome.failure(ErrorCode.TARGET_DISABLED, null,
                        "the target is disabled since " + disabled.get().disabledAt() + " (" + disabled.get().disabledReason()
                        + "); an admin re-enables it, then this delivery can be replayed", 0), null);
            }
            if (!catalog.consents(target.groupId(), target.target())) {
                return PreparedSend.settled(due, started, logs, null, SendOutcome.failure(ErrorCode.CHAT_NOT_CLAIMED, null,
                        "the chat has not accepted messages from group " + target.groupId() + ": /gh claim with the group's"
                        + " code in the chat, or a super admin's approval in the console; then this delivery can be replayed",
                        0), null);
            }
            MessageComposer.Composed composed = composed(attempt, target);
            if (composed.formatError() != null && target.progress().status() == TargetStatus.PENDING
                    && target.progress().attempts() == 0) {
                logs = List.of(SendLogEntry.attempt(attempt.claim(), attempt.event(), target,
                        SendOutcome.failure(ErrorCode.FORMAT_ERROR, null, composed.formatError(), 0), started, 0));
            }
            RenderedMessage rendered = renderer.render(target.target(), composed.message(), attempt.event());
            String updateKey = composed.message().updateKey();
            if (updateKey == null || updateKey.isBlank() || !target.target().editsInPlace()) {
                return PreparedSend.request(due, started, logs, null, PreparedSend.Step.SEND,
                        calls.call(target.target(), rendered, null, idempotencyKey(due)));
            }
            return startInPlace(due, started, logs, rendered, updateKey, composed.message().updateOrder());
        } catch (RuntimeException e) {
            return PreparedSend.settled(due, started, logs, null, failed(due, e), null);
        }
    }

    /*
     * What the route reads of a send. Plain calls rather than Simple's OGNL (${body.request.call.endpoint}): OGNL
     * introspects the object's class with reflection on every evaluation, which made a delivery cost twice the CPU and
     * kept the introspection results, and the objects with them, on the heap (bench, 2026-12-01).
     */

    /** Whether a platform request is to be made (none when the send is already settled). */
    public boolean requestDue(PreparedSend send) {
        return send.requestDue();
    }

    /** The endpoint of that request ({@code toD} in the route): {@code discord:createMessage}, {@code webhook:post}… */
    public String endpoint(PreparedSend send) {
        return send.request().call().endpoint();
    }

    /** The body that endpoint takes. */
    public Object request(PreparedSend send) {
        return send.request().call().body();
    }

    /** The platform's answer to the request {@code send} made. */
    public AnsweredSend answered(PreparedSend send, SendOutcome reply) {
        return new AnsweredSend(send, reply);
    }

    /**
     * Whether the answer is an in-place edit the platform refused for good (the message was deleted, say): then the
     * route sends a new message ({@link #sendAnew}), at most once per send.
     */
    public boolean editRefused(AnsweredSend answered) {
        PreparedSend.Request request = answered.prepared().request();
        return request != null && request.step() == PreparedSend.Step.EDIT && answered.reply() != null
                && InPlaceRule.afterEdit(answered.reply()) == InPlaceRule.AfterEdit.SEND_NEW;
    }

    /** After a refused edit: the tracked id is forgotten and a new message prepared, counting the edit's requests. */
    public PreparedSend sendAnew(AnsweredSend refused) {
        PreparedSend edit = refused.prepared();
        DueSend due = edit.due();
        PreparedSend.InPlace inPlace = edit.inPlace();
        SendOutcome reply = refused.reply();
        PreparedSend.InPlace anew = inPlace.refused(reply.tries());
        try {
            LOG.info("delivery {}: edit of {} on {} refused ({}); sending a new message",
                    due.attempt().claim().key(), inPlace.messageId(), due.target().targetId(), reply.error());
            tracking.forget(inPlace.eventId(), due.target().targetId());
            PlatformCall call = calls.call(due.target().target(), inPlace.rendered(), null, idempotencyKey(due));
            if (!call.sendable()) {
                return PreparedSend.settled(due, edit.startedMillis(), edit.logs(), anew,
                        call.notSent().plusTries(anew.triesBefore()), null);
            }
            return PreparedSend.request(due, edit.startedMillis(), edit.logs(), anew, PreparedSend.Step.SEND_IN_PLACE, call);
        } catch (RuntimeException e) {
            return PreparedSend.settled(due, edit.startedMillis(), edit.logs(), anew, failed(due, e), null);
        }
    }

    /**
     * What the send came to, with its send_logs rows: the outcome {@link #prepare} settled on, or what the platform's
     * answer means (an in-place edit that worked, or not modified, is the tracked message delivered; a new in-place
     * message is tracked).
     */
    public TargetOutcome settle(SendStage stage) {
        PreparedSend prepared = stage.prepared();
        DueSend due = prepared.due();
        DeliveryTarget target = due.target();
        if (prepared.deferred()) {
            return TargetOutcome.deferred(target, prepared.logs());
        }
        SendOutcome outcome;
        String detail = null;
        if (stage instanceof AnsweredSend answered) {
            try {
                outcome = answerMeans(answered);
            } catch (RuntimeException e) {
                outcome = failed(due, e);
            }
        } else {
            outcome = prepared.outcome();
            detail = prepared.detail();
        }
        if (outcome == null) {
            outcome = SendOutcome.failure(ErrorCode.INTERNAL, null, "the platform call gave no answer", 0);
        }
        DeliveryAttempt attempt = due.attempt();
        List<SendLogEntry> logs = new ArrayList<>(prepared.logs());
        logs.add(SendLogEntry.attempt(attempt.claim(), attempt.event(), target, outcome, prepared.startedMillis(),
                clock.millis() - prepared.startedMillis()).withDetail(detail).withCall(outcome.call()));
        return TargetOutcome.of(target, outcome, logs);
    }

    /**
     * Applies the state machine to what the send came to and commits it with its send_logs rows, at once (before the
     * other sends of the delivery finish): the outcome as stored.
     */
    public TargetOutcome record(DeliveryAttempt attempt, TargetOutcome settled) {
        DeliveryTarget target = settled.target();
        Instant now = clock.instant();
        DeliveryTarget next;
        if (settled.deferred()) {
            next = new DeliveryTarget(target.deliveryKey(), target.groupId(), target.routeId(), target.position(),
                    target.routeName(), target.target(), rules.deferred(target.progress(), now, settings.lockRetryDelay()),
                    target.lastError(), target.errorCode(), target.httpStatus(), target.messageId());
        } else {
            SendOutcome outcome = settled.outcome();
            String platform = target.target().platform();
            next = outcome.appliedTo(target, rules.afterAttempt(target.progress(), outcome, now));
            TargetStatus status = next.progress().status();
            meters.attempt(target.target().meterPlatform(), outcome, status);
            if (status == TargetStatus.FAILED || status == TargetStatus.DEAD) {
                LOG.warn("delivery {}: {} target {} of route {} is {} after {} attempt(s): {} {}", attempt.claim().key(),
                        platform, target.targetId(), target.routeId(), status.wireName(), next.progress().attempts(),
                        outcome.errorCode(), outcome.error());
            }
        }
        outcomes.store(attempt, next, settled.logs(), settled.outcome());
        return settled.storedAs(next);
    }

    /**
     * The send failed outside the platform call (its outcome could not be stored while the lease held, say): the
     * outcomes stored so far stand and the delivery is retried as a whole ({@link DeliverySteps#failIfUnstored}).
     */
    public TargetOutcome unstored(DueSend due, Exception e) {
        return TargetOutcome.notStored(due.target(), e);
    }

    /** Lets go of the in-place lock, if the send holds one; a lock that cannot be released expires. */
    public void release(PreparedSend send) {
        if (send != null && send.inPlace() != null) {
            unlock(send.due(), send.inPlace());
        }
    }

    private void unlock(DueSend due, PreparedSend.InPlace inPlace) {
        try {
            locks.unlock(inPlace.eventId(), due.target().targetId(), inPlace.owner());
        } catch (RuntimeException e) {
            LOG.warn("could not release the in-place lock {} / {} ({}); it expires in {}",
                    inPlace.eventId(), due.target().targetId(), e.toString(), MESSAGE_LOCK_TTL);
        }
    }

    /**
     * Takes the message's lock and decides: a new message (none tracked), an edit of the tracked one, or no request
     * (the event is older than what the message shows). The lock, once taken, travels with the send to
     * {@link #release}.
     */
    private PreparedSend startInPlace(DueSend due, long started, List<SendLogEntry> logs, RenderedMessage rendered,
                                      String updateKey, Long order) {
        DeliveryTarget target = due.target();
        String eventId = (target.groupId().isEmpty() ? "" : target.groupId() + ":") + target.routeId() + ":" + updateKey;
        PreparedSend.InPlace inPlace = new PreparedSend.InPlace(eventId, due.attempt().claim().lockToken(), rendered, order,
                null, null, 0);
        if (!locks.tryLock(eventId, target.targetId(), inPlace.owner(), MESSAGE_LOCK_TTL)) {
            return PreparedSend.deferred(due, started, logs);
        }
        try {
            Optional<MessageTracking.Tracked> tracked = tracking.find(eventId, target.targetId());
            if (InPlaceRule.start(tracked.isPresent(), order, null) == InPlaceRule.Start.SEND_NEW) {
                return PreparedSend.request(due, started, logs, inPlace, PreparedSend.Step.SEND_IN_PLACE,
                        calls.call(target.target(), rendered, null, idempotencyKey(due)));
            }
            inPlace = inPlace.tracking(tracked.get().messageId(), tracked.get().order());
            if (InPlaceRule.start(true, order, inPlace.shownOrder()) == InPlaceRule.Start.SKIP_STALE) {
                LOG.info("delivery {}: {} on {} already shows a newer state; not editing it back",
                        due.attempt().claim().key(), inPlace.messageId(), target.targetId());
                return PreparedSend.settled(due, started, logs, inPlace,
                        new SendOutcome(true, null, inPlace.messageId(), null, null, null, 0),
                        staleDetail(order, inPlace.shownOrder()));
            }
            return PreparedSend.request(due, started, logs, inPlace, PreparedSend.Step.EDIT,
                    calls.call(target.target(), rendered, inPlace.messageId(), null));
        } catch (RuntimeException e) {
            // the lock is held: it goes with the send, and the route releases it
            return PreparedSend.settled(due, started, logs, inPlace, failed(due, e), null);
        } catch (Error e) {
            // no send comes back to the route to release it with
            unlock(due, inPlace);
            throw e;
        }
    }

    /** What the platform's answer to the send's request makes of the send. */
    private SendOutcome answerMeans(AnsweredSend answered) {
        PreparedSend prepared = answered.prepared();
        SendOutcome reply = answered.reply();
        PreparedSend.InPlace inPlace = prepared.inPlace();
        switch (prepared.request().step()) {
            case EDIT -> {
                InPlaceRule.AfterEdit next = InPlaceRule.afterEdit(reply);
                if (next == InPlaceRule.AfterEdit.EDITED) {
                    touch(prepared, inPlace.messageId(), StaleEditRule.orderAfterEdit(inPlace.order(), inPlace.shownOrder()));
                    return SendOutcome.success(reply.httpStatus() == null ? 200 : reply.httpStatus(), inPlace.messageId(),
                            reply.tries());
                }
                if (next == InPlaceRule.AfterEdit.SEND_NEW) {
                    throw new IllegalStateException("a refused edit settles only after the new message (sendAnew)");
                }
                return reply;
            }
            case SEND_IN_PLACE -> {
                SendOutcome sent = reply.plusTries(inPlace.triesBefore());
                if (sent.ok() && sent.messageId() != null) {
                    touch(prepared, sent.messageId(), inPlace.order());
                }
                return sent;
            }
            default -> {
                return reply;
            }
        }
    }

    private void touch(PreparedSend send, String messageId, Long order) {
        try {
            tracking.save(send.inPlace().eventId(), send.due().target().targetId(), messageId, order);
        } catch (RuntimeException e) {
            // the message went out: a lost tracking id means a later update posts anew, never a re-send now
            LOG.warn("delivery {}: message {} sent but its tracking id was not stored: {}",
                    send.due().attempt().claim().key(), messageId, e.toString());
        }
    }

    private static SendOutcome failed(DueSend due, RuntimeException e) {
        LOG.warn("delivery {} target {}: {}", due.attempt().claim().key(), due.target().targetId(), e.toString(), e);
        return SendOutcome.failure(ErrorCode.INTERNAL, null, e.toString(), 0);
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

    private static String idempotencyKey(DueSend due) {
        DeliveryTarget target = due.target();
        return due.attempt().idempotencyKey(target.groupId() + ":" + target.routeId(), target.targetId());
    }

    /** A stale event: delivered as the message it belongs to, no request made. */
    private static String staleDetail(Long order, Long shown) {
        return JsonNodeFactory.instance.objectNode()
                .put("skipped", "stale_update")
                .put("reason", "the message already shows a newer state; an older event does not edit it back")
                .put("order", order)
                .put("shownOrder", shown)
                .toString();
    }
}
