package dev.webhooker.delivery;

/**
 * Which state an in-place message keeps when webhooks arrive out of order. Orders come from
 * {@code format.UpdateOrder}; null means the payload gave none.
 * <ul>
 *   <li>An event older than the state the message shows is stale: it must not edit the message back.</li>
 *   <li>Equal or newer, or either order unknown: edit as usual (nothing proves the event stale).</li>
 *   <li>After an edit the message shows the incoming state; when that state's order is unknown the
 *       known order is kept, so a later stale event is still recognised.</li>
 * </ul>
 */
final class StaleEditRule {

    private StaleEditRule() {
    }

    static boolean isStale(Long incoming, Long shown) {
        return incoming != null && shown != null && incoming < shown;
    }

    /** The order to store with the message id once the incoming state has been edited in or sent. */
    static Long orderAfterEdit(Long incoming, Long shown) {
        return incoming != null ? incoming : shown;
    }
}
