package dev.webhooker.queue;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import dev.webhooker.store.DatabaseUrl;

/**
 * Tells the other instances on the same PostgreSQL that deliveries are due now, so their pollers claim them at once
 * rather than at their next poll: a {@code NOTIFY} on {@link #CHANNEL}, which each delivering instance's
 * {@link DueWorkListener} turns into a wake-up.
 * <p>
 * Inside a transaction the {@code NOTIFY} is its last statement before the commit, so PostgreSQL delivers it only
 * when the rows it announces are committed, and not at all when the transaction rolls back. A transaction sends one
 * however many deliveries it writes: the first {@link #announce} in it registers the statement, and a later one finds
 * it registered (a transaction's synchronizations are a set, and this one is the same object every time), so a group
 * commit's batch of webhooks is one {@code NOTIFY}, not one per webhook.
 * <p>
 * The embedded H2 database serves one instance, which signals its own poller: there is no one to tell.
 */
public final class DueWorkNotice {

    /** The PostgreSQL channel of the notifications; they carry no payload. */
    static final String CHANNEL = "webhooker_deliveries";

    private static final DueWorkNotice NONE = new DueWorkNotice(null);

    /** Null: nothing to send. */
    private final JdbcTemplate jdbc;
    private final TransactionSynchronization beforeCommit = new TransactionSynchronization() {
        @Override
        public void beforeCommit(boolean readOnly) {
            send();
        }
    };

    private DueWorkNotice(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Notifies on PostgreSQL; on H2, does nothing. */
    public static DueWorkNotice on(DataSource dataSource, DatabaseUrl.Vendor vendor) {
        return vendor == DatabaseUrl.Vendor.POSTGRESQL ? new DueWorkNotice(new JdbcTemplate(dataSource)) : NONE;
    }

    /** Sends nothing (a single instance, or a test without other instances). */
    public static DueWorkNotice none() {
        return NONE;
    }

    /**
     * Deliveries are due now: in a transaction, the other instances are told when it commits (once per transaction);
     * outside one, at once. Runs on the connection of the current transaction, which must be one of the DataSource
     * this notice was made with.
     */
    public void announce() {
        if (jdbc == null) {
            return;
        }
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(beforeCommit);
        } else {
            send();
        }
    }

    private void send() {
        jdbc.execute("NOTIFY " + CHANNEL);
    }
}
