package dev.webhooker.platform;

/**
 * The platforms' calls hand each answer to CompletableFuture's default executor ({@link CallTries}), and a URL target's
 * {@code Retry-After} block is stored there too: off the HTTP client's I/O threads, since both may call Redis or the
 * database. That executor is the common ForkJoinPool when the pool has at least two threads, and otherwise a new
 * thread per task: on a machine of two cores, where the pool's default is one thread, each answer would start and end
 * a thread of its own. Sizing the common pool before anything uses it keeps those answers on the pool's threads. An
 * operator's own {@code -Djava.util.concurrent.ForkJoinPool.common.parallelism} wins.
 */
public final class CommonPoolSize {

    static final String PARALLELISM = "java.util.concurrent.ForkJoinPool.common.parallelism";

    private CommonPoolSize() {
    }

    /** Before the common pool is first used (the start of {@code main}): at least two threads unless set. */
    public static void atLeastTwoThreads() {
        if (System.getProperty(PARALLELISM) == null && Runtime.getRuntime().availableProcessors() < 3) {
            System.setProperty(PARALLELISM, "2");
        }
    }
}
