package dev.webhooker.maintenance;

import java.util.List;
import java.util.Map;

import io.micrometer.core.instrument.MeterRegistry;

/**
 * {@code webhooker_prune_removed_total{part}}: rows and objects the prune jobs removed, by part (dedup_keys,
 * send_logs, payloads, audit_logs…), and {@code webhooker_prune_failures_total{part}} for a part that failed.
 * Fed by the prune routes with each run's result.
 */
public class PruneMeters {

    /** The part the audit-prune job removes from. */
    static final String AUDIT_PART = "audit_logs";

    private final MeterRegistry registry;

    /** {@code parts}: what the prune jobs remove, whose failure counters start at zero (an alert watches them). */
    public PruneMeters(MeterRegistry registry, List<String> parts) {
        this.registry = registry;
        parts.forEach(part -> registry.counter("webhooker.prune.failures", "part", part));
    }

    /** A storage-prune result: removed count per part, -1 for a part that failed. */
    public void storage(Map<String, Long> removed) {
        removed.forEach(this::part);
    }

    /** An audit-prune result. */
    public void audit(long removed) {
        part(AUDIT_PART, removed);
    }

    private void part(String part, long removed) {
        if (removed < 0) {
            registry.counter("webhooker.prune.failures", "part", part).increment();
        } else {
            registry.counter("webhooker.prune.removed", "part", part).increment(removed);
        }
    }
}
