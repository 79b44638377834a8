package dev.webhooker.delivery;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

import dev.webhooker.store.BackgroundCommits;

/**
 * The threads the delivery route sends the targets of a delivery on, in parallel (the executor of its split), and where
 * a send goes on once an asynchronous platform call has answered (the route's {@code threads} steps): at most
 * {@code maxThreads}; when all are busy the thread that hands a send over runs it itself, so a fan-out never waits
 * for a free thread. Each send runs with the delivery's logging context and trace ({@link DeliveryMdc}). Idle threads
 * end after a minute. Once closed it refuses work with {@link RejectedExecutionException} (the JDK's caller-runs
 * policy would drop it silently, leaving the split waiting for a send that never runs).
 * <p>
 * Deliberately not an {@link Executor} bean itself: Spring Boot would then not create its task executor, which
 * platform-http runs the requests on. {@link #executorService()} is the bean {@code deliveryTargetSends}, which only
 * a lookup by name finds (DeliveryConfiguration).
 */
final class TargetSendPool implements AutoCloseable {

    private final ThreadPoolExecutor pool;
    private final ExecutorService propagating;

    public TargetSendPool(int maxThreads) {
        CustomizableThreadFactory threads = new CustomizableThreadFactory("delivery-send-");
        threads.setDaemon(true);
        // no client waits on what a send commits (BackgroundCommits)
        ThreadFactory background = task -> threads.newThread(() -> {
            BackgroundCommits.markThisThread();
            task.run();
        });
        this.pool = new ThreadPoolExecutor(0, maxThreads, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), background,
                (task, executor) -> {
                    if (executor.isShutdown()) {
                        throw new RejectedExecutionException("the delivery engine is shutting down");
                    }
                    task.run();
                });
        this.propagating = new Propagating(pool);
    }

    /** The pool, running each task with the logging context and trace of the thread that hands it over. */
    public ExecutorService executorService() {
        return propagating;
    }

    @Override
    public void close() {
        pool.shutdown();
    }

    private static final class Propagating extends AbstractExecutorService {

        private final ThreadPoolExecutor pool;

        Propagating(ThreadPoolExecutor pool) {
            this.pool = pool;
        }

        @Override
        public void execute(Runnable task) {
            pool.execute(DeliveryMdc.carrying(task));
        }

        @Override
        public void shutdown() {
            pool.shutdown();
        }

        @Override
        public List<Runnable> shutdownNow() {
            return pool.shutdownNow();
        }

        @Override
        public boolean isShutdown() {
            return pool.isShutdown();
        }

        @Override
        public boolean isTerminated() {
            return pool.isTerminated();
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
            return pool.awaitTermination(timeout, unit);
        }
    }
}
