package dev.webhooker.delivery;

import java.util.List;

/**
 * A target send before its next platform request: the due target, when it started, the send_logs rows it has so far
 * (a formatter failure), the in-place update it carries out, and either the {@link Request} to make or, when none is
 * made, what the send came to ({@code outcome} and its send_logs {@code detail}; {@code deferred} when another worker
 * holds the message's in-place lock and the target was not tried).
 */
public record PreparedSend(DueSend due, long startedMillis, List<SendLogEntry> logs, InPlace inPlace, Request request,
                           SendOutcome outcome, String detail, boolean deferred) implements SendStage {

    public PreparedSend {
        logs = List.copyOf(logs);
    }

    /** Whether the request is a new message, an edit of a tracked one, or a new message of an in-place update. */
    enum Step { SEND, EDIT, SEND_IN_PLACE }

    /** One platform request and what it is for. */
    record Request(Step step, PlatformCall call) {
    }

    /**
     * The in-place update of a tracked message, under the (eventId, target) lock held by {@code owner}: present only
     * while that lock is held. {@code order} is the event's state, {@code messageId} and {@code shownOrder} the
     * tracked message and the state it shows (null when none is tracked), {@code triesBefore} the requests of a
     * refused edit, counted into the new message's outcome.
     */
    record InPlace(String eventId, String owner, RenderedMessage rendered, Long order, String messageId, Long shownOrder,
                   int triesBefore) {

        InPlace tracking(String trackedId, Long trackedOrder) {
            return new InPlace(eventId, owner, rendered, order, trackedId, trackedOrder, triesBefore);
        }

        /** After a refused edit: the tracked id is forgotten and a new message counts the edit's requests. */
        InPlace refused(int editTries) {
            return new InPlace(eventId, owner, rendered, order, null, null, editTries);
        }
    }

    /** The request to make next; one that cannot be made (no address, say) stands for its outcome at once. */
    static PreparedSend request(DueSend due, long startedMillis, List<SendLogEntry> logs, InPlace inPlace, Step step,
                                PlatformCall call) {
        if (!call.sendable()) {
            return settled(due, startedMillis, logs, inPlace, call.notSent(), null);
        }
        return new PreparedSend(due, startedMillis, logs, inPlace, new Request(step, call), null, null, false);
    }

    /** No request is made: {@code outcome} is what the send came to. */
    static PreparedSend settled(DueSend due, long startedMillis, List<SendLogEntry> logs, InPlace inPlace,
                                SendOutcome outcome, String detail) {
        return new PreparedSend(due, startedMillis, logs, inPlace, null, outcome, detail, false);
    }

    /** Not tried: another worker holds the in-place lock of the message. */
    static PreparedSend deferred(DueSend due, long startedMillis, List<SendLogEntry> logs) {
        return new PreparedSend(due, startedMillis, logs, null, null, null, null, true);
    }

    public boolean requestDue() {
        return request != null;
    }

    @Override
    public PreparedSend prepared() {
        return this;
    }
}
