package dev.webhooker.delivery;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.webhooker.queue.DeliveryTarget;

/**
 * The aggregation of the delivery route's split over the due target sends (bean {@code targetOutcomes}, method
 * {@link #add}): the {@link TargetOutcome} of every send, in the order they finished, for the steps after the split
 * ({@link DeliverySteps#failIfUnstored}, {@link DeliverySteps#conclude}). The parallel sends share nothing: each
 * hands its own value over, and Camel calls {@link #add} for one finished send at a time.
 */
public final class TargetOutcomes {

    /** The outcomes so far ({@code null} before the first send finished) with {@code outcome} added. */
    public List<TargetOutcome> add(List<TargetOutcome> before, TargetOutcome outcome) {
        List<TargetOutcome> all = new ArrayList<>(before == null ? 1 : before.size() + 1);
        if (before != null) {
            all.addAll(before);
        }
        all.add(outcome);
        return List.copyOf(all);
    }

    /**
     * The failure to fail the attempt with, when a send's outcome could not be stored: the first, the others
     * suppressed in it.
     */
    static Optional<Exception> unstored(List<TargetOutcome> outcomes) {
        Exception first = null;
        for (TargetOutcome outcome : outcomes) {
            Exception e = outcome.unstored();
            if (e == null) {
                continue;
            }
            if (first == null) {
                first = e;
            } else if (first != e) {
                first.addSuppressed(e);
            }
        }
        return Optional.ofNullable(first);
    }

    /** The plan with the row each send of this attempt stored in place of its target's row before. */
    static List<DeliveryTarget> after(List<DeliveryTarget> plan, List<TargetOutcome> outcomes) {
        Map<Integer, DeliveryTarget> stored = new HashMap<>();
        for (TargetOutcome outcome : outcomes) {
            if (outcome.stored() != null) {
                stored.put(outcome.stored().position(), outcome.stored());
            }
        }
        return plan.stream().map(t -> stored.getOrDefault(t.position(), t)).toList();
    }
}
