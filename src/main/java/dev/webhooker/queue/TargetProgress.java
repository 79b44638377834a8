package dev.webhooker.queue;

import java.time.Instant;

/** Where one target stands: its status, the failed tries counted so far and when it is due again. */
public record TargetProgress(TargetStatus status, int attempts, Instant nextAttemptAt) {

    public static TargetProgress fresh(Instant now) {
        return new TargetProgress(TargetStatus.PENDING, 0, now);
    }

    public boolean isFinal() {
        return status.isFinal();
    }

    public boolean dueAt(Instant now) {
        return !isFinal() && !nextAttemptAt.isAfter(now);
    }
}
