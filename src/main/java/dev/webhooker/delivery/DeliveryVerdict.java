package dev.webhooker.delivery;

import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;

import dev.webhooker.queue.DeliveryStatus;
import dev.webhooker.queue.TargetProgress;
import dev.webhooker.queue.TargetStatus;

/**
 * The delivery's status from its targets' statuses: final when every target is final —
 * {@code delivered} when all succeeded (also when no route matched), {@code failed} when any target
 * was refused for good, else {@code dead} (retries used up) — otherwise {@code retrying}, due when
 * the earliest non-final target is due.
 */
record DeliveryVerdict(DeliveryStatus status, Instant nextAttemptAt) {

    public static DeliveryVerdict of(Collection<TargetProgress> targets, Instant now) {
        boolean allFinal = targets.stream().allMatch(TargetProgress::isFinal);
        if (!allFinal) {
            Instant next = targets.stream().filter(t -> !t.isFinal()).map(TargetProgress::nextAttemptAt)
                    .min(Comparator.naturalOrder()).orElse(now);
            return new DeliveryVerdict(DeliveryStatus.RETRYING, next);
        }
        if (targets.stream().allMatch(t -> t.status() == TargetStatus.DELIVERED)) {
            return new DeliveryVerdict(DeliveryStatus.DELIVERED, null);
        }
        if (targets.stream().anyMatch(t -> t.status() == TargetStatus.FAILED)) {
            return new DeliveryVerdict(DeliveryStatus.FAILED, null);
        }
        return new DeliveryVerdict(DeliveryStatus.DEAD, null);
    }

    public boolean isFinal() {
        return status.isFinal();
    }
}
