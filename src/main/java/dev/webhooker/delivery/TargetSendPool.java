package dev.webhooker.delivery;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

/**
 * The threads that send the second and later targets of a delivery while its worker sends the first:
 * at most {@code maxThreads}; when all are busy the worker sends the target itself, one after the other.
 * Idle threads end after a minute. Once closed it refuses work with {@link RejectedExecutionException}
 * (the JDK's caller-runs policy would drop it silently, leaving the worker waiting for a send that never
 * runs). Deliberately not an {@link Executor} bean: Spring Boot would then not
 * create its task executor, which platform-http runs the requests on.
 */
public final class TargetSendPool implements AutoCloseable {

    private final ExecutorService pool;

    public TargetSendPool(int maxThreads) {
        CustomizableThreadFactory threads = new CustomizableThreadFactory("delivery-send-");
        threads.setDaemon(true);
        this.pool = new ThreadPoolExecutor(0, maxThreads, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), threads,
                (task, executor) -> {
                    if (executor.isShutdown()) {
                        throw new RejectedExecutionException("the delivery engine is shutting down");
                    }
                    task.run();
                });
    }

    public Executor executor() {
        return pool;
    }

    @Override
    public void close() {
        pool.shutdown();
    }
}
