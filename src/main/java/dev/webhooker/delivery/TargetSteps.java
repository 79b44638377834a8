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

import dev.webhooker.format.ThreadSubject;
import dev.webhooker.queue.DeliveryTarget;
import dev.webhooker.queue.TargetStatus;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.Target;

/**
 * The steps of one target send in routes/delivery.camel.yaml (bean {@code targetSteps}), each a function from one
 * immutable value to the next (the Camel body), between which the route calls the platform endpoint:
 * {@link #prepare} formats the route's message (once per attempt), renders it for the target and decides the first
 * request ({@link PreparedSend}); {@link #answered} pairs a request with the platform's answer ({@link AnsweredSend});
 * a request the platform refused for good ({@link #refused}) is followed by a new message ({@link #sendAnew}); the
 * first message of a pull request's thread has the thread started on it ({@link #startThread}); {@link #settle} says
 * what the send came to ({@link TargetOutcome}), {@link #record} applies the retry rules and commits it, and
 * {@link #release} lets go of the locks whatever happened.
 * <p>
 * In-place updates: under the (eventId, target) lock, the tracked message is edited; "not modified" is a
 * success; a refused edit (message deleted, say) forgets the id and sends once; a failing platform keeps the id for
 * the retry ({@link InPlaceRule}). An event older than the state the message shows is not edited in
 * ({@link StaleEditRule}): the target is delivered with the tracked id, and the send_logs detail says the edit was
 * skipped. Storing a new id is best effort.
 * <p>
 * Threads ({@code threads: true}): under the lock of the pull request's or issue's thread on the target
 * ({@link ThreadSubject}), a message goes into the thread whose root is tracked, or, with none, opens the thread: in a
 * forum the request makes a post or topic with it, elsewhere the message goes to the channel, where it becomes the
 * root (Telegram, Slack: replies to it are the thread) or has the thread started on it (Discord). A thread
 * that refuses the message for good is started anew ({@link ThreadRule}). Every message delivered into a thread
 * refreshes its row, so pruning removes only threads quiet for the whole retention.
 */
public final class TargetSteps {

    private static final Logger LOG = LoggerFactory.getLogger(TargetSteps.class);
    /** How long a message's or thread's lock outlives a crashed holder; far above the requests of one send. */
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
     * disabled or its chat has not consented, the event is stale, another worker holds the lock of the message or of
     * the thread).
     */
    public PreparedSend prepare(DueSend due) {
        long started = clock.millis();
        DeliveryTarget target = due.target();
        DeliveryAttempt attempt = due.attempt();
        List<SendLogEntry> logs = List.of();
        PreparedSend send = PreparedSend.starting(due, started, logs, null);
        try {
            Optional<TargetHealth.Status> disabled = health.disabled(target.target());
            if (disabled.isPresent()) {
                return send.settled(SendOutcome.failure(ErrorCode.TARGET_DISABLED, null,
                        "the target is disabled since " + disabled.get().disabledAt() + " (" + disabled.get().disabledReason()
                        + "); an admin re-enables it, then this delivery can be replayed", 0), null);
            }
            if (!catalog.consents(target.groupId(), target.target())) {
                return send.settled(SendOutcome.failure(ErrorCode.CHAT_NOT_CLAIMED, null,
                        "the chat has not accepted messages from group " + target.groupId() + ": /gh claim with the group's"
                        + " code in the chat, or a super admin's approval in the console; then this delivery can be replayed",
                        0), null);
            }
            MessageComposer.Composed composed = composed(attempt, target);
            if (composed.formatError() != null && target.progress().status() == TargetStatus.PENDING
                    && target.progress().attempts() == 0) {
                logs = List.of(SendLogEntry.attempt(attempt.claim(), attempt.event(), target,
                        SendOutcome.failure(ErrorCode.FORMAT_ERROR, null, composed.formatError(), 0), started, 0));
                send = PreparedSend.starting(due, started, logs, null);
            }
            send = PreparedSend.starting(due, started, logs, renderer.render(target.target(), composed.message(),
                    attempt.event()));
            Optional<ThreadSubject> subject = target.target().threads() ? ThreadSubject.of(attempt.event()) : Optional.empty();
            if (subject.isPresent()) {
                PreparedSend.InThread thread = new PreparedSend.InThread(threadEventId(target, subject.get()),
                        attempt.claim().lockToken(), subject.get().title(), null, null);
                if (!locks.tryLock(thread.eventId(), target.targetId(), thread.owner(), MESSAGE_LOCK_TTL)) {
                    return send.notTried();
                }
                // the lock is held: it goes with the send from here on, and the route releases it
                send = send.with(thread);
                send = send.with(thread.rooted(tracking.find(thread.eventId(), target.targetId())
                        .map(MessageTracking.Tracked::messageId).orElse(null)));
            }
            String updateKey = composed.message().updateKey();
            if (updateKey == null || updateKey.isBlank() || !target.target().editsInPlace()) {
                return send.then(PreparedSend.Step.SEND, call(send, null));
            }
            return startInPlace(send, updateKey, composed.message().updateOrder());
        } catch (RuntimeException e) {
            return send.settled(failed(due, e), null);
        } catch (Error e) {
            // no send comes back to the route to release its locks with
            release(send);
            throw e;
        }
    }

    /*
     * What the route reads of a send. Plain calls rather than Simple's OGNL (${body.request.call.endpoint}): OGNL
     * introspects the object's class with reflection on every evaluation, which made a delivery cost twice the CPU and
     * kept the introspection results, and the objects with them, on the heap (bench, 2026-12-01).
     */

    /** Whether a platform request is to be made (none when the send is already settled). */
    public boolean requestDue(SendStage stage) {
        return stage instanceof PreparedSend send && send.requestDue();
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
     * Whether the platform refused the answered request for good where a new message can still be delivered: an
     * in-place edit (the message was deleted, say), or a post into a pull request's thread (the thread is gone). Then
     * the route sends anew ({@link #sendAnew}). Each new request drops what was refused (the tracked message, then the
     * thread), so a send is made anew at most twice.
     */
    public boolean refused(SendStage stage) {
        if (!(stage instanceof AnsweredSend answered) || answered.reply() == null) {
            return false;
        }
        PreparedSend prepared = answered.prepared();
        return switch (prepared.request().step()) {
            case EDIT -> InPlaceRule.afterEdit(answered.reply()) == InPlaceRule.AfterEdit.SEND_NEW;
            case SEND, SEND_IN_PLACE -> prepared.thread() != null && prepared.thread().root() != null
                    && ThreadRule.afterPost(answered.reply()) == ThreadRule.AfterPost.START_ANEW;
            case START_THREAD -> false;
        };
    }

    /**
     * After a refused request: a refused edit forgets the tracked id and sends a new message (in the thread, if there
     * is one); a post the thread refused goes to the channel, as the first message of a new thread. The refused
     * requests count into the outcome.
     */
    public PreparedSend sendAnew(AnsweredSend refused) {
        PreparedSend before = refused.prepared();
        DueSend due = before.due();
        SendOutcome reply = refused.reply();
        PreparedSend.Step step = before.request().step();
        PreparedSend anew = before.afterRefusal(reply.tries(), before.detail());
        try {
            if (step == PreparedSend.Step.EDIT) {
                PreparedSend.InPlace inPlace = before.inPlace();
                LOG.info("delivery {}: edit of {} on {} refused ({}); sending a new message",
                        due.attempt().claim().key(), inPlace.messageId(), due.target().targetId(), reply.error());
                tracking.forget(inPlace.eventId(), due.target().targetId());
                anew = anew.with(inPlace.untracked());
                return anew.then(PreparedSend.Step.SEND_IN_PLACE, call(anew, null));
            }
            LOG.info("delivery {}: thread {} on {} refused the message ({}); starting a new thread",
                    due.attempt().claim().key(), before.thread().root(), due.target().targetId(), reply.error());
            // the old root stays tracked until the new message replaces it (ThreadRule)
            anew = before.afterRefusal(reply.tries(), threadDetail("started anew", reply)).with(before.thread().rooted(null));
            return anew.then(step, call(anew, null));
        } catch (RuntimeException e) {
            return anew.settled(failed(due, e), null);
        }
    }

    /**
     * After the first message about a pull request or issue went out: on a platform whose threads are started on a
     * message (Discord), the request that starts it; otherwise the answer as it is (the message is the thread's root).
     */
    public SendStage startThread(SendStage stage) {
        if (!(stage instanceof AnsweredSend answered) || answered.reply() == null) {
            return stage;
        }
        PreparedSend prepared = answered.prepared();
        PreparedSend.InThread thread = prepared.thread();
        PreparedSend.Step step = prepared.request().step();
        SendOutcome reply = answered.reply();
        if (thread == null || thread.root() != null || step == PreparedSend.Step.EDIT || step == PreparedSend.Step.START_THREAD
                || !reply.ok() || reply.messageId() == null || reply.threadRoot() != null) {
            return stage;
        }
        Optional<PlatformCall> start = calls.startThread(prepared.due().target().target(), reply.messageId(), thread.title());
        if (start.isEmpty() || !start.get().sendable()) {
            return stage;
        }
        SendOutcome sent = answerMeans(answered);
        return prepared.with(thread.startingOn(sent)).then(PreparedSend.Step.START_THREAD, start.get());
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
        String detail = prepared.detail();
        if (stage instanceof AnsweredSend answered) {
            try {
                if (prepared.request().step() == PreparedSend.Step.START_THREAD) {
                    outcome = prepared.thread().sent();
                    detail = threadStarted(answered, detail);
                } else {
                    outcome = answerMeans(answered);
                    keepThread(prepared, outcome);
                }
            } catch (RuntimeException e) {
                outcome = failed(due, e);
            }
        } else {
            outcome = prepared.outcome();
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

    /** Lets go of the locks the send holds (in-place, thread), if any; a lock that cannot be released expires. */
    public void release(PreparedSend send) {
        if (send == null) {
            return;
        }
        if (send.inPlace() != null) {
            unlock(send.due(), send.inPlace().eventId(), send.inPlace().owner());
        }
        if (send.thread() != null) {
            unlock(send.due(), send.thread().eventId(), send.thread().owner());
        }
    }

    private void unlock(DueSend due, String eventId, String owner) {
        try {
            locks.unlock(eventId, due.target().targetId(), owner);
        } catch (RuntimeException e) {
            LOG.warn("could not release the lock {} / {} ({}); it expires in {}",
                    eventId, due.target().targetId(), e.toString(), MESSAGE_LOCK_TTL);
        }
    }

    /**
     * Takes the message's lock and decides: a new message (none tracked), an edit of the tracked one, or no request
     * (the event is older than what the message shows). The lock, once taken, travels with the send to
     * {@link #release}.
     */
    private PreparedSend startInPlace(PreparedSend send, String updateKey, Long order) {
        DueSend due = send.due();
        DeliveryTarget target = due.target();
        String eventId = (target.groupId().isEmpty() ? "" : target.groupId() + ":") + target.routeId() + ":" + updateKey;
        PreparedSend.InPlace inPlace = new PreparedSend.InPlace(eventId, due.attempt().claim().lockToken(), order, null, null);
        if (!locks.tryLock(eventId, target.targetId(), inPlace.owner(), MESSAGE_LOCK_TTL)) {
            return send.notTried();
        }
        send = send.with(inPlace);
        try {
            Optional<MessageTracking.Tracked> tracked = tracking.find(eventId, target.targetId());
            if (InPlaceRule.start(tracked.isPresent(), order, null) == InPlaceRule.Start.SEND_NEW) {
                return send.then(PreparedSend.Step.SEND_IN_PLACE, call(send, null));
            }
            inPlace = inPlace.tracking(tracked.get().messageId(), tracked.get().order());
            send = send.with(inPlace);
            if (InPlaceRule.start(true, order, inPlace.shownOrder()) == InPlaceRule.Start.SKIP_STALE) {
                LOG.info("delivery {}: {} on {} already shows a newer state; not editing it back",
                        due.attempt().claim().key(), inPlace.messageId(), target.targetId());
                return send.settled(new SendOutcome(true, null, inPlace.messageId(), null, null, null, 0),
                        staleDetail(order, inPlace.shownOrder()));
            }
            return send.then(PreparedSend.Step.EDIT, call(send, inPlace.messageId()));
        } catch (RuntimeException e) {
            // the locks are held: they go with the send, and the route releases them
            return send.settled(failed(due, e), null);
        } catch (Error e) {
            release(send);
            throw e;
        }
    }

    /**
     * The request for the send's message: into its thread when it has one (a new message, or an edit of one there); the
     * first message of a thread opens it (a post in a forum, else a message in the chat); else into the target's chat.
     * A new message carries the idempotency key.
     */
    private PlatformCall call(PreparedSend send, String editMessageId) {
        Target target = send.due().target().target();
        String key = editMessageId == null ? idempotencyKey(send.due()) : null;
        PreparedSend.InThread thread = send.thread();
        if (thread != null && thread.root() != null) {
            return calls.callInThread(target, send.rendered(), thread.root(), editMessageId, key);
        }
        if (thread != null && editMessageId == null) {
            return calls.openThread(target, send.rendered(), thread.title(), key);
        }
        return calls.call(target, send.rendered(), editMessageId, key);
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
                    track(prepared, inPlace.eventId(), inPlace.messageId(),
                            StaleEditRule.orderAfterEdit(inPlace.order(), inPlace.shownOrder()));
                    return SendOutcome.success(reply.httpStatus() == null ? 200 : reply.httpStatus(), inPlace.messageId(),
                            reply.tries());
                }
                if (next == InPlaceRule.AfterEdit.SEND_NEW) {
                    throw new IllegalStateException("a refused edit settles only after the new message (sendAnew)");
                }
                return reply;
            }
            case SEND_IN_PLACE -> {
                SendOutcome sent = reply.plusTries(prepared.triesBefore());
                if (sent.ok() && sent.messageId() != null) {
                    track(prepared, inPlace.eventId(), sent.messageId(), inPlace.order());
                }
                return sent;
            }
            default -> {
                return reply.plusTries(prepared.triesBefore());
            }
        }
    }

    /**
     * After a message of a thread was delivered: the thread's root is stored, or its row refreshed so that pruning
     * keeps a thread in use. A thread the request opened (a forum post or topic) is stored even when its message
     * failed, so the retry goes into it. Else the first message is the root where a reply to it is the thread; a
     * platform that starts threads on a message has stored the thread's id already ({@link #threadStarted}).
     */
    private void keepThread(PreparedSend prepared, SendOutcome outcome) {
        PreparedSend.InThread thread = prepared.thread();
        if (thread != null && outcome.threadRoot() != null) {
            track(prepared, thread.eventId(), outcome.threadRoot(), null);
            return;
        }
        if (thread == null || !outcome.ok()) {
            return;
        }
        String root = thread.root();
        if (root == null && prepared.request().step() != PreparedSend.Step.EDIT && outcome.messageId() != null
                && calls.startThread(prepared.due().target().target(), outcome.messageId(), thread.title()).isEmpty()) {
            root = outcome.messageId();
        }
        if (root != null) {
            track(prepared, thread.eventId(), root, null);
        }
    }

    /**
     * The answer to starting a thread: its id stored as the thread's root; a thread that could not be started leaves
     * the message delivered in the channel, and the next event about the pull request tries again.
     */
    private String threadStarted(AnsweredSend answered, String detail) {
        PreparedSend prepared = answered.prepared();
        SendOutcome reply = answered.reply();
        if (reply != null && reply.ok() && reply.messageId() != null) {
            track(prepared, prepared.thread().eventId(), reply.messageId(), null);
            return detail;
        }
        LOG.warn("delivery {}: message {} sent to {} but its thread was not started: {}",
                prepared.due().attempt().claim().key(), prepared.thread().sent().messageId(),
                prepared.due().target().targetId(), reply == null ? "no answer" : reply.error());
        return threadDetail("not started", reply);
    }

    private void track(PreparedSend send, String eventId, String messageId, Long order) {
        try {
            tracking.save(eventId, send.due().target().targetId(), messageId, order);
        } catch (RuntimeException e) {
            // the message went out: a lost tracking id means a later event posts anew, never a re-send now
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

    /** A thread is kept per group and target: every route of the group posting there shares it. */
    private static String threadEventId(DeliveryTarget target, ThreadSubject subject) {
        return (target.groupId().isEmpty() ? "" : target.groupId() + ":") + "#thread:" + subject.key();
    }

    private static String idempotencyKey(DueSend due) {
        DeliveryTarget target = due.target();
        return due.attempt().idempotencyKey(target.groupId() + ":" + target.routeId(), target.targetId());
    }

    /** What became of the thread, for the send_logs detail. */
    private static String threadDetail(String thread, SendOutcome refusal) {
        return JsonNodeFactory.instance.objectNode()
                .put("thread", thread)
                .put("reason", refusal == null ? "no answer" : refusal.error())
                .toString();
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
