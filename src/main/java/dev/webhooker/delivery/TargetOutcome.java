package dev.webhooker.delivery;

import java.util.List;

import dev.webhooker.queue.DeliveryTarget;

/**
 * What one target send came to, as the delivery route's split collects it ({@link TargetOutcomes}): the final
 * {@code outcome} of its platform requests (null when it was {@code deferred}: not tried), its send_logs rows, and
 * once recorded the target's row as committed ({@code stored}). {@code unstored} is the failure of a send whose
 * outcome could not be committed (the database stayed away): the attempt then fails as a whole, once.
 */
public record TargetOutcome(DeliveryTarget target, SendOutcome outcome, boolean deferred, List<SendLogEntry> logs,
                            DeliveryTarget stored, Exception unstored) {

    public TargetOutcome {
        logs = List.copyOf(logs);
    }

    static TargetOutcome of(DeliveryTarget target, SendOutcome outcome, List<SendLogEntry> logs) {
        return new TargetOutcome(target, outcome, false, logs, null, null);
    }

    static TargetOutcome deferred(DeliveryTarget target, List<SendLogEntry> logs) {
        return new TargetOutcome(target, null, true, logs, null, null);
    }

    static TargetOutcome notStored(DeliveryTarget target, Exception e) {
        return new TargetOutcome(target, null, false, List.of(), null, e);
    }

    /** The same outcome, committed as the target's row {@code next}. */
    TargetOutcome storedAs(DeliveryTarget next) {
        return new TargetOutcome(target, outcome, deferred, logs, next, null);
    }
}
