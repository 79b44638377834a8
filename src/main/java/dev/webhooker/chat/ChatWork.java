package dev.webhooker.chat;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

/**
 * The threads chat commands finish on after their quick answer (GitHub calls, then the reply): a few, with a
 * bounded queue, so a flood of clicks is refused (and told so) instead of queueing without end. Closing
 * it lets queued work finish for a while. Deliberately not an {@code Executor}: a bean of that type would
 * make Spring Boot drop its own task executor (and with it HTTP_WORKERS).
 */
public final class ChatWork implements AutoCloseable {

    private final ThreadPoolExecutor pool;

    public ChatWork(String name, int threads, int queue) {
        CustomizableThreadFactory factory = new CustomizableThreadFactory(name + "-");
        factory.setDaemon(true);
        pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS, new ArrayBlockingQueue<>(queue), factory,
                new ThreadPoolExecutor.AbortPolicy());
        pool.allowCoreThreadTimeOut(true);
    }

    /** @throws java.util.concurrent.RejectedExecutionException when every thread is busy and the queue is full */
    public void execute(Runnable command) {
        pool.execute(command);
    }

    @Override
    public void close() {
        pool.shutdown();
        try {
            pool.awaitTermination(15, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
