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
 * Embedded H2: intake commits one batch at a time, in a group of its own. When it was chosen, H2 wrote every commit
 * as a new chunk under one store lock, so parallel intake batches did not write in parallel; they only made more
 * chunks (commits now share them, {@link H2WrittenCommits}, but they still write one at a time), and each chunk
 * leaves records on the heap that outlive young collections (about 0.7 KB a chunk: its table of
 * contents and cache entries). The delivery engine keeps four batches at once in its own group: its units run
 * more statements each, and with one batch at a time the end-to-end p99 at 200 webhooks/s was worse in the
 * back-to-back runs, with backlogs of one to three seconds in some repetitions. A webhook's acknowledgement
 * then never waits behind the engine's bookkeeping (A/B runs: bench/results/2026-11-30-i.md).
 */
public record CommitGroups(GroupCommit intake, GroupCommit delivery) {

    static final int MAX_BATCH = 64;
    static final int PARALLEL_BATCHES = 4;

    public static CommitGroups of(PlatformTransactionManager transactions, DatabaseUrl.Vendor vendor) {
        if (vendor == DatabaseUrl.Vendor.H2) {
            return new CommitGroups(new GroupCommit(transactions, 1, MAX_BATCH),
                    new GroupCommit(transactions, PARALLEL_BATCHES, MAX_BATCH));
        }
        GroupCommit shared = new GroupCommit(transactions, PARALLEL_BATCHES, MAX_BATCH);
        return new CommitGroups(shared, shared);
    }
}
