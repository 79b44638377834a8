package dev.webhooker.delivery;

import java.util.List;

/**
 * A target send before its next platform request: the due target, when it started, the send_logs rows it has so far
 * (a formatter failure), the {@code rendered} message, the in-place update and the thread it carries out (each holding
 * its lock), the requests already refused and counted into its outcome ({@code triesBefore}), and either the
 * {@link Request} to make or, when none is made, what the send came to ({@code outcome}; {@code deferred} when another
 * worker holds a lock the send needs and the target was not tried). {@code detail} is the send_logs detail of what
 * happened on the way (an edit skipped as stale, a thread started anew).
 */
public record PreparedSend(DueSend due, long startedMillis, List<SendLogEntry> logs, RenderedMessage rendered,
                           InPlace inPlace, InThread thread, int triesBefore, Request request, SendOutcome outcome,
                           String detail, boolean deferred) implements SendStage {

    public PreparedSend {
        logs = List.copyOf(logs);
    }

    /**
     * Whether the request is a new message, an edit of a tracked one, a new message of an in-place update, or the
     * thread started on a message just sent.
     */
    enum Step { SEND, EDIT, SEND_IN_PLACE, START_THREAD }

    /** One platform request and what it is for. */
    record Request(Step step, PlatformCall call) {
    }

    /**
     * The in-place update of a tracked message, under the (eventId, target) lock held by {@code owner}: present only
     * while that lock is held. {@code order} is the event's state, {@code messageId} and {@code shownOrder} the
     * tracked message and the state it shows (null when none is tracked).
     */
    record InPlace(String eventId, String owner, Long order, String messageId, Long shownOrder) {

        InPlace tracking(String trackedId, Long trackedOrder) {
            return new InPlace(eventId, owner, order, trackedId, trackedOrder);
        }

        /** After a refused edit: the tracked id is forgotten. */
        InPlace untracked() {
            return new InPlace(eventId, owner, order, null, null);
        }
    }

    /**
     * The thread of the pull request or issue the event is about, under the (eventId, target) lock held by
     * {@code owner}, so two events about it never start two threads: its {@code title}, its {@code root} (null until
     * the first message is sent: that message starts it) and, while the thread is being started on a message, what
     * sending that message came to ({@code sent}).
     */
    record InThread(String eventId, String owner, String title, String root, SendOutcome sent) {

        InThread rooted(String rootId) {
            return new InThread(eventId, owner, title, rootId, sent);
        }

        InThread startingOn(SendOutcome message) {
            return new InThread(eventId, owner, title, root, message);
        }
    }

    /** The request to make next; one that cannot be made (no address, say) stands for its outcome at once. */
    PreparedSend then(Step step, PlatformCall call) {
        if (!call.sendable()) {
            return settled(call.notSent().plusTries(triesBefore), detail);
        }
        return new PreparedSend(due, startedMillis, logs, rendered, inPlace, thread, triesBefore, new Request(step, call),
                null, detail, false);
    }

    /** No request is made (or none more): {@code outcome} is what the send came to. */
    PreparedSend settled(SendOutcome result, String resultDetail) {
        return new PreparedSend(due, startedMillis, logs, rendered, inPlace, thread, triesBefore, null, result,
                resultDetail, false);
    }

    /** Not tried: another worker holds a lock the send needs; the locks this send holds go with it to be released. */
    PreparedSend notTried() {
        return new PreparedSend(due, startedMillis, logs, rendered, inPlace, thread, triesBefore, null, null, null, true);
    }

    PreparedSend with(InPlace update) {
        return new PreparedSend(due, startedMillis, logs, rendered, update, thread, triesBefore, request, outcome, detail,
                deferred);
    }

    PreparedSend with(InThread inThread) {
        return new PreparedSend(due, startedMillis, logs, rendered, inPlace, inThread, triesBefore, request, outcome,
                detail, deferred);
    }

    /** Before a new request after a refused one: the refused request's tries count, and why it was made anew. */
    PreparedSend afterRefusal(int refusedTries, String why) {
        return new PreparedSend(due, startedMillis, logs, rendered, inPlace, thread, triesBefore + refusedTries, null,
                null, why, false);
    }

    /** A send that has not decided its first request yet. */
    static PreparedSend starting(DueSend due, long startedMillis, List<SendLogEntry> logs, RenderedMessage rendered) {
        return new PreparedSend(due, startedMillis, logs, rendered, null, null, 0, null, null, null, false);
    }

    public boolean requestDue() {
        return request != null;
    }

    @Override
    public PreparedSend prepared() {
        return this;
    }
}
