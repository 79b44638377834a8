package dev.webhooker.delivery;

import java.util.ArrayList;
import java.util.List;

import dev.webhooker.queue.DeliveryTarget;

/**
 * One due (route x target) of a delivery attempt, as one split part of the delivery route: its next platform request
 * ({@link #call()}, null once none is due), and what the attempt came to. An in-place update can take two requests
 * (an edit the platform refuses, then a new message), so the route calls the platform while {@link #callDue()}.
 */
public final class TargetSend {

    /** Whether the outstanding request is an edit of a tracked message or a new message (in-place updates). */
    enum Step { SEND, EDIT, SEND_IN_PLACE }

    private final DeliveryAttempt attempt;
    private final DeliveryTarget target;
    private final List<SendLogEntry> logs = new ArrayList<>(2);
    private long startedMillis;
    private PlatformCall call;
    private Step step = Step.SEND;
    private SendOutcome outcome;
    private String detail;
    private boolean deferred;
    private InPlace inPlace;

    TargetSend(DeliveryAttempt attempt, DeliveryTarget target) {
        this.attempt = attempt;
        this.target = target;
    }

    /** The request the route sends next; null when nothing (more) is to be sent. */
    public PlatformCall call() {
        return call;
    }

    public boolean callDue() {
        return call != null;
    }

    DeliveryAttempt attempt() {
        return attempt;
    }

    DeliveryTarget target() {
        return target;
    }

    List<SendLogEntry> logs() {
        return logs;
    }

    long startedMillis() {
        return startedMillis;
    }

    void started(long millis) {
        this.startedMillis = millis;
    }

    Step step() {
        return step;
    }

    /** The next request; one that cannot be made stands for its outcome at once. */
    void next(Step step, PlatformCall next) {
        this.step = step;
        if (next.sendable()) {
            this.call = next;
        } else {
            this.call = null;
            this.outcome = next.notSent();
        }
    }

    void done(SendOutcome outcome, String detail) {
        this.call = null;
        this.outcome = outcome;
        this.detail = detail;
    }

    /** Not tried: another worker holds the in-place lock of the message. */
    void deferred() {
        this.call = null;
        this.deferred = true;
    }

    boolean isDeferred() {
        return deferred;
    }

    SendOutcome outcome() {
        return outcome;
    }

    String detail() {
        return detail;
    }

    InPlace inPlace() {
        return inPlace;
    }

    void inPlace(InPlace inPlace) {
        this.inPlace = inPlace;
    }

    /**
     * The in-place update of a tracked message (P6), under the (eventId, target) lock held by {@code owner}:
     * {@code order} of the event's state, {@code shownOrder} of the state the tracked message shows,
     * {@code triesBefore} the requests of a refused edit, counted into the new message's outcome.
     */
    static final class InPlace {
        final String eventId;
        final String owner;
        final RenderedMessage rendered;
        final Long order;
        String messageId;
        Long shownOrder;
        int triesBefore;
        boolean locked;

        InPlace(String eventId, String owner, RenderedMessage rendered, Long order) {
            this.eventId = eventId;
            this.owner = owner;
            this.rendered = rendered;
            this.order = order;
        }
    }
}
