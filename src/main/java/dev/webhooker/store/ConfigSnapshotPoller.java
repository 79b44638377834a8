package dev.webhooker.store;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.routing.ConfigSnapshots;

/**
 * Brings config written by other instances into this one: every interval, one cheap query of the
 * config revision, and a reload only when it moved. (Writes of this instance refresh at once.)
 */
class ConfigSnapshotPoller implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ConfigSnapshotPoller.class);

    private final ConfigSnapshots snapshots;
    private final ScheduledExecutorService scheduler;
    private volatile boolean failing;

    public ConfigSnapshotPoller(ConfigSnapshots snapshots, Duration interval) {
        this.snapshots = snapshots;
        this.scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "config-refresh");
            t.setDaemon(true);
            return t;
        });
        long millis = Math.max(1, interval.toMillis());
        scheduler.scheduleWithFixedDelay(this::poll, millis, millis, TimeUnit.MILLISECONDS);
    }

    private void poll() {
        try {
            snapshots.refreshIfStale();
            if (failing) {
                LOG.info("Config refresh works again");
                failing = false;
            }
        } catch (RuntimeException e) {
            if (!failing) {
                // the snapshot in force stays; say it once, not every few seconds
                LOG.warn("Config refresh failed, keeping the configuration in force: {}", e.toString());
                failing = true;
            }
        }
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
    }
}
