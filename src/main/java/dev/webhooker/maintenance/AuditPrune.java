package dev.webhooker.maintenance;

import java.time.Clock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The audit-prune job: audit rows older than AUDIT_RETENTION_DAYS (see {@link AuditRetention}). */
public class AuditPrune {

    private static final Logger log = LoggerFactory.getLogger(AuditPrune.class);

    private final PruneRepository repository;
    private final Clock clock;
    private final String retentionDays;

    public AuditPrune(PruneRepository repository, Clock clock, String retentionDays) {
        this.repository = repository;
        this.clock = clock;
        this.retentionDays = retentionDays;
    }

    /** Rows removed, or {@code -1} when the delete failed (logged; the next tick tries again). */
    public long run() {
        try {
            long removed = repository.deleteAuditLogsBefore(AuditRetention.cutoff(retentionDays, clock.millis()));
            log.info("audit-prune removed {} audit rows older than {} days", removed, AuditRetention.days(retentionDays));
            return removed;
        } catch (RuntimeException e) {
            log.warn("audit-prune failed: {}", e.toString());
            return -1;
        }
    }
}
