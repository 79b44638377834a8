package dev.webhooker.store;

import org.springframework.transaction.PlatformTransactionManager;

/**
 * The group commits of the two write streams that commit often: webhook intake, and the delivery engine's
 * claims and outcomes.
 * <p>
 * PostgreSQL: one group shared by both, four batches at once, each on its own connection, so statements still
 * run in parallel (one batch at a time left most of the CPU idle while its leader ran everyone's statements:
 * bench/results/2026-11-29-e.md).
 * <p>
 * Embedded H2: one batch at a time per stream. H2 writes every commit as a new chunk under one store lock, so
 * parallel batches of one stream did not write in parallel; they only made more commits, and each chunk leaves
 * records on the heap that outlive young collections (about 0.7 KB a chunk: its table of contents and cache
 * entries). Each stream keeps its own group so that a webhook's acknowledgement never waits behind the delivery
 * engine's bookkeeping, or the other way round (bench/results/2026-11-30-h.md has the A/B runs).
 */
public record CommitGroups(GroupCommit intake, GroupCommit delivery) {

    static final int MAX_BATCH = 64;
    static final int POSTGRES_CONCURRENT_BATCHES = 4;

    public static CommitGroups of(PlatformTransactionManager transactions, DatabaseUrl.Vendor vendor) {
        if (vendor == DatabaseUrl.Vendor.H2) {
            return new CommitGroups(new GroupCommit(transactions, 1, MAX_BATCH), new GroupCommit(transactions, 1, MAX_BATCH));
        }
        GroupCommit shared = new GroupCommit(transactions, POSTGRES_CONCURRENT_BATCHES, MAX_BATCH);
        return new CommitGroups(shared, shared);
    }
}
