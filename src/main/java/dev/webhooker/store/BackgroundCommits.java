package dev.webhooker.store;

/**
 * Marks the threads whose commits no client waits on: the delivery engine's (claims, plans, outcomes, releases). On
 * the embedded database such a commit may wait a few milliseconds for others to share its file write
 * ({@link H2WrittenCommits}); a commit of any other thread (a webhook's 2xx, an admin's change) is written at once.
 * No effect on PostgreSQL.
 */
public final class BackgroundCommits {

    private static final ThreadLocal<Boolean> MARKED = new ThreadLocal<>();

    private BackgroundCommits() {
    }

    /** From now on the commits of this thread are background ones; for a pool's threads, as each starts. */
    public static void markThisThread() {
        MARKED.set(Boolean.TRUE);
    }

    static boolean onThisThread() {
        return MARKED.get() != null;
    }
}
