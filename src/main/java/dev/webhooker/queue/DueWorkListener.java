package dev.webhooker.queue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;

import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.store.DatabaseUrl;

/**
 * Wakes this instance's delivery poller when another instance on the same PostgreSQL has committed deliveries that
 * are due now ({@link DueWorkNotice}): one connection of its own, outside the pool, {@code LISTEN}s on the channel,
 * and every notification that arrives runs {@code onNotice}.
 * <p>
 * The poll interval stays the safety net: while the listener is not connected (PostgreSQL restarting, the
 * connection killed or cut off) the notifications of that time are lost, and the poller finds their deliveries at
 * its next poll. It reconnects with a backoff that doubles up to {@code maxBackoff}, logs an outage once when it
 * begins and once when it ends, and runs {@code onNotice} once after each (re)connection for what it may have missed.
 * A connection that answers nothing (a partition: no reset arrives) is found by a {@code SELECT 1} after
 * {@link #CHECK_AFTER} without notifications; the connection's socket timeout ends that statement's wait.
 */
final class DueWorkListener {

    /** How the listener's connection shows in {@code pg_stat_activity}. */
    static final String APPLICATION_NAME = "webhooker-delivery-listener";
    /** How long one wait for notifications lasts: also how long {@link #stop} may wait for the thread. */
    static final Duration WAIT = Duration.ofMillis(500);
    static final Duration CHECK_AFTER = Duration.ofSeconds(30);

    private static final Logger LOG = LoggerFactory.getLogger(DueWorkListener.class);

    /** Opens a new connection to the database (each call a new one). */
    @FunctionalInterface
    interface Connector {
        Connection open() throws SQLException;
    }

    private final Connector connector;
    private final Runnable onNotice;
    private final Duration minBackoff;
    private final Duration maxBackoff;
    private volatile boolean running;
    private Thread thread;

    /**
     * @param onNotice   run on the listener's thread for each batch of notifications (and after each connection); it
     *                   must return at once
     * @param minBackoff the first wait before reconnecting; doubled after each failed attempt up to {@code maxBackoff}
     */
    DueWorkListener(Connector connector, Runnable onNotice, Duration minBackoff, Duration maxBackoff) {
        if (minBackoff.isNegative() || minBackoff.isZero() || maxBackoff.compareTo(minBackoff) < 0) {
            throw new IllegalArgumentException("backoff must be positive and max >= min, got " + minBackoff + ", " + maxBackoff);
        }
        this.connector = connector;
        this.onNotice = onNotice;
        this.minBackoff = minBackoff;
        this.maxBackoff = maxBackoff;
    }

    /**
     * Connections to {@code url} (PostgreSQL) named {@link #APPLICATION_NAME}; a connect gives up after two seconds,
     * a statement after ten.
     */
    static Connector connector(DatabaseUrl url) {
        Properties properties = new Properties();
        if (url.user() != null) {
            properties.setProperty("user", url.user());
        }
        if (url.password() != null) {
            properties.setProperty("password", url.password());
        }
        properties.setProperty("ApplicationName", APPLICATION_NAME);
        properties.setProperty("connectTimeout", "2");
        properties.setProperty("socketTimeout", "10");
        properties.setProperty("tcpKeepAlive", "true");
        return () -> DriverManager.getConnection(url.jdbcUrl(), properties);
    }

    synchronized void start() {
        if (thread != null) {
            return;
        }
        running = true;
        thread = new Thread(this::run, "delivery-listener");
        thread.setDaemon(true);
        thread.start();
    }

    /** Ends the thread (within about {@link #WAIT}) and closes its connection; false if it had not ended in time. */
    synchronized boolean stop() {
        running = false;
        if (thread == null) {
            return true;
        }
        thread.interrupt(); // ends a backoff sleep; a wait for notifications ends by its timeout
        try {
            thread.join(WAIT.toMillis() * 5);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return !thread.isAlive();
    }

    private void run() {
        Duration backoff = minBackoff;
        boolean everConnected = false;
        boolean down = false;
        while (running) {
            long connectedAt = 0;
            try (Connection connection = connector.open()) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute("LISTEN " + DueWorkNotice.CHANNEL);
                }
                connectedAt = System.nanoTime();
                if (down) {
                    LOG.info("listening for other instances' new deliveries again");
                    down = false;
                } else if (!everConnected) {
                    LOG.info("listening for other instances' new deliveries (PostgreSQL channel {})", DueWorkNotice.CHANNEL);
                }
                everConnected = true;
                onNotice.run(); // what was committed while it was not listening
                listen(connection);
            } catch (SQLException | RuntimeException e) {
                if (!running) {
                    break;
                }
                if (!down) {
                    LOG.warn("not listening for other instances' new deliveries ({}); reconnecting, and until then the"
                            + " poll interval finds them", e.toString());
                    down = true;
                }
                // a connection that failed again at once does not reset the backoff: a flapping database is not hammered
                if (connectedAt != 0 && System.nanoTime() - connectedAt >= maxBackoff.toNanos()) {
                    backoff = minBackoff;
                }
                if (!sleep(backoff)) {
                    break;
                }
                backoff = backoff.multipliedBy(2).compareTo(maxBackoff) > 0 ? maxBackoff : backoff.multipliedBy(2);
            }
        }
    }

    /** Until stopped or the connection fails (it throws then). */
    private void listen(Connection connection) throws SQLException {
        PGConnection pg = connection.unwrap(PGConnection.class);
        long quietSince = System.nanoTime();
        while (running) {
            PGNotification[] notifications = pg.getNotifications((int) WAIT.toMillis());
            if (notifications != null && notifications.length > 0) {
                onNotice.run();
                quietSince = System.nanoTime();
            } else if (System.nanoTime() - quietSince >= CHECK_AFTER.toNanos()) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute("SELECT 1");
                }
                quietSince = System.nanoTime();
            }
        }
    }

    private boolean sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
            return running;
        } catch (InterruptedException e) {
            return false;
        }
    }
}
