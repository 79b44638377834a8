package dev.webhooker.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

import dev.webhooker.queue.DeliveryReplays;
import dev.webhooker.queue.DueWorkListener;
import dev.webhooker.queue.DueWorkNotice;
import dev.webhooker.store.CommitGroups;
import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.store.GroupCommit;
import dev.webhooker.testsupport.DeliveryRows;
import dev.webhooker.testsupport.LogCapture;
import dev.webhooker.testsupport.TestDatabases;

/**
 * The listener on a real PostgreSQL: a committed announcement from another connection (a replay's too) wakes it, a
 * rolled-back one does not; it comes back after its backend is terminated, logging the outage once; it stops and closes its
 * connection.
 */
class DueWorkListenerPostgresIT {

    private static final Duration SOON = Duration.ofSeconds(3);

    HikariDataSource ds;
    JdbcTemplate jdbc;
    DueWorkNotice notice;
    final AtomicInteger wakeUps = new AtomicInteger();
    final List<DueWorkListener> listeners = new ArrayList<>();

    @BeforeEach
    void setUp() {
        ds = (HikariDataSource) TestDatabases.create(TestDatabases.Kind.POSTGRESQL);
        jdbc = new JdbcTemplate(ds);
        notice = DueWorkNotice.on(ds, DatabaseUrl.Vendor.POSTGRESQL);
    }

    @AfterEach
    void tearDown() {
        listeners.forEach(DueWorkListener::stop);
        ds.close();
    }

    private DueWorkListener listener(DueWorkListener.Connector connector) {
        DueWorkListener listener = new DueWorkListener(connector, wakeUps::incrementAndGet, Duration.ofMillis(200),
                Duration.ofMillis(800));
        listeners.add(listener);
        return listener;
    }

    private DueWorkListener.Connector toTheDatabase() {
        return DueWorkListener.connector(new DatabaseUrl(ds.getJdbcUrl(), ds.getUsername(), ds.getPassword(),
                DatabaseUrl.Vendor.POSTGRESQL));
    }

    /** The listener's backend, once it is listening (null while it is not). */
    private Integer listenerPid() {
        List<Integer> pids = jdbc.queryForList("SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
                + " AND application_name = ? AND query LIKE 'LISTEN%'", Integer.class, DueWorkListener.APPLICATION_NAME);
        assertThat(pids).hasSizeLessThanOrEqualTo(1);
        return pids.isEmpty() ? null : pids.get(0);
    }

    private void awaitListening() {
        await().atMost(SOON).until(() -> listenerPid() != null && wakeUps.get() > 0);
    }

    @Test
    void aCommittedAnnouncementWakesTheListenerARolledBackOneDoesNot() throws Exception {
        listener(toTheDatabase()).start();
        awaitListening();
        int before = wakeUps.get();
        TransactionTemplate tx = new TransactionTemplate(new DataSourceTransactionManager(ds));

        tx.executeWithoutResult(status -> {
            notice.announce();
            status.setRollbackOnly();
        });
        Thread.sleep(1500);
        assertThat(wakeUps).as("a rolled-back transaction tells no one").hasValue(before);

        tx.executeWithoutResult(status -> notice.announce());
        await().atMost(SOON).until(() -> wakeUps.get() > before);
    }

    @Test
    void aTransactionIsOneNotifyHoweverManyDeliveriesItAnnounces() {
        TransactionTemplate tx = new TransactionTemplate(new DataSourceTransactionManager(ds));
        int registered = tx.execute(status -> {
            for (int i = 0; i < 20; i++) {
                notice.announce();
            }
            return TransactionSynchronizationManager.getSynchronizations().size();
        });
        assertThat(registered).as("statements to run before the commit").isEqualTo(1);

        // a group commit's unit runs in its batch's transaction, so the units of a batch share that one NOTIFY
        listener(toTheDatabase()).start();
        awaitListening();
        int before = wakeUps.get();
        GroupCommit commits = CommitGroups.of(new DataSourceTransactionManager(ds), DatabaseUrl.Vendor.POSTGRESQL).intake();
        assertThat(commits.execute(() -> {
            notice.announce();
            return TransactionSynchronizationManager.getSynchronizations().size();
        })).isEqualTo(1);
        await().atMost(SOON).until(() -> wakeUps.get() > before);
    }

    @Test
    void aReplayThatReopensADeliveryWakesTheListener() {
        DeliveryRows rows = new DeliveryRows(ds);
        String failed = rows.insertPending("github", null, "d-failed", "push", "{}", null, System.currentTimeMillis());
        jdbc.update("UPDATE delivery_state SET status = 'failed' WHERE key = ?", failed);
        DeliveryReplays replays = new DeliveryReplays(jdbc, java.time.Clock.systemUTC(), notice);
        listener(toTheDatabase()).start();
        awaitListening();
        int before = wakeUps.get();

        Boolean reopened = new TransactionTemplate(new DataSourceTransactionManager(ds))
                .execute(status -> replays.reopen(failed, List.of()));
        assertThat(reopened).isTrue();
        await().atMost(SOON).until(() -> wakeUps.get() > before);
    }

    @Test
    void theListenerComesBackAfterItsConnectionIsKilledAndLogsTheOutageOnce() throws Exception {
        try (LogCapture log = new LogCapture(DueWorkListener.class)) {
            listener(toTheDatabase()).start();
            awaitListening();
            Integer first = listenerPid();

            assertThat(jdbc.queryForObject("SELECT pg_terminate_backend(?)", Boolean.class, first)).isTrue();
            await().atMost(SOON).until(() -> listenerPid() != null && !listenerPid().equals(first));
            int before = wakeUps.get();
            notice.announce(); // outside a transaction: at once
            await().atMost(SOON).until(() -> wakeUps.get() > before);

            assertThat(log.lines()).filteredOn(line -> line.contains("not listening")).hasSize(1);
            assertThat(log.lines()).filteredOn(line -> line.contains("again")).hasSize(1);
        }
    }

    @Test
    void whileTheDatabaseCannotBeReachedItRetriesWithABackoffAndLogsOnce() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        DueWorkListener.Connector real = toTheDatabase();
        DueWorkListener.Connector failingAtFirst = () -> {
            if (attempts.incrementAndGet() <= 4) {
                throw new SQLException("Connection refused", "08001");
            }
            return real.open();
        };
        try (LogCapture log = new LogCapture(DueWorkListener.class)) {
            long started = System.nanoTime();
            listener(failingAtFirst).start();
            awaitListening();

            // 200, 400, 800, 800 ms between the five attempts: no spinning
            assertThat(attempts).hasValue(5);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(2200));
            assertThat(log.lines()).filteredOn(line -> line.contains("not listening")).hasSize(1);
            assertThat(log.lines()).filteredOn(line -> line.contains("again")).hasSize(1);
        }
    }

    @Test
    void stoppingEndsTheThreadAndClosesTheConnection() {
        DueWorkListener listener = listener(toTheDatabase());
        listener.start();
        awaitListening();

        assertThat(listener.stop()).isTrue();
        await().atMost(SOON).until(() -> jdbc.queryForObject("SELECT count(*) FROM pg_stat_activity"
                + " WHERE datname = current_database() AND application_name = ?", Integer.class, DueWorkListener.APPLICATION_NAME) == 0);
    }

    @Test
    void onH2NothingIsSent() {
        DataSource h2 = TestDatabases.create(TestDatabases.Kind.H2);
        DueWorkNotice none = DueWorkNotice.on(h2, DatabaseUrl.Vendor.H2);
        // NOTIFY is not H2 syntax: announcing would throw if it sent anything
        new TransactionTemplate(new DataSourceTransactionManager(h2)).executeWithoutResult(status -> {
            none.announce();
            assertThat(TransactionSynchronizationManager.getSynchronizations()).isEmpty();
        });
        none.announce();
    }
}
