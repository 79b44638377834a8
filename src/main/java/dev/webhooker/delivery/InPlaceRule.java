package dev.webhooker.delivery;

import java.util.Locale;

/**
 * What an in-place update (a CI run's message, edited as the run goes on) does at each step, as one rule apart from
 * the requests and the tracking rows that carry it out.
 * <ul>
 *   <li>At the start: with no message tracked for the event and target, a new message is sent (and tracked). With one,
 *       it is edited, unless the event is older than the state the message shows ({@link StaleEditRule}): then no
 *       request is made, and the target counts as delivered with that message.</li>
 *   <li>After the edit: a success, or a platform saying the message is not modified, is the edit done. A failure the
 *       retry schedule covers (network, 5xx, rate limit) keeps the tracked id for the retry. Any other refusal (the
 *       message was deleted, say) forgets the id and sends a new message at once.</li>
 * </ul>
 */
final class InPlaceRule {

    private InPlaceRule() {
    }

    enum Start { SEND_NEW, EDIT, SKIP_STALE }

    enum AfterEdit { EDITED, RETRY_LATER, SEND_NEW }

    /** {@code tracked}: a message is tracked; the orders as {@link StaleEditRule} takes them. */
    static Start start(boolean tracked, Long incomingOrder, Long shownOrder) {
        if (!tracked) {
            return Start.SEND_NEW;
        }
        return StaleEditRule.isStale(incomingOrder, shownOrder) ? Start.SKIP_STALE : Start.EDIT;
    }

    static AfterEdit afterEdit(SendOutcome edit) {
        if (edit.ok() || isNotModified(edit)) {
            return AfterEdit.EDITED;
        }
        return TargetRules.isRetryable(edit.errorCode()) ? AfterEdit.RETRY_LATER : AfterEdit.SEND_NEW;
    }

    private static boolean isNotModified(SendOutcome outcome) {
        return outcome.error() != null && outcome.error().toLowerCase(Locale.ROOT).contains("not modified");
    }
}
