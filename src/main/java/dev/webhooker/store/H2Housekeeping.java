package dev.webhooker.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

import javax.sql.DataSource;

import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded file database's compaction, which its URL switches off in H2's background writer (see
 * {@link DatabaseUrl#embedded}) so that it is done here in bounded steps: rewrite the live pages of sparse chunks
 * so their space can be reused, and force what was written to the disk.
 * <p>
 * Without it every commit left a chunk in the file that a few live pages kept alive for good: under a
 * sustained stream of commits the file grew by gigabytes a minute and the heap kept one chunk record per
 * such chunk. The fsync (each run, so about every second) is what lets the embedded URL keep written-over
 * chunks for seconds instead of H2's default 45: H2 retains dead chunks only so that the file system has
 * written their successors out before their space is reused, and it assumes the kernel does so within the
 * retention time; here it is made to happen within a second. It also bounds what a power cut can take from
 * the embedded default to about the last second of commits.
 * <p>
 * A no-op on PostgreSQL and on in-memory H2 databases.
 */
public final class H2Housekeeping {

    private static final Logger LOG = LoggerFactory.getLogger(H2Housekeeping.class);

    /** H2's default for its own housekeeping: chunks with fewer live pages than this are rewritten. */
    static final int TARGET_FILL_RATE = 90;

    /** At most this much is rewritten per run, so a run holds H2's store lock only briefly. */
    static final int WRITE_LIMIT_BYTES = 2 * 1024 * 1024;

    private final DataSource dataSource;
    private final boolean h2;

    public H2Housekeeping(DataSource dataSource, DatabaseUrl.Vendor vendor) {
        this.dataSource = dataSource;
        this.h2 = vendor == DatabaseUrl.Vendor.H2;
    }

    /** Compacts and syncs the store; returns whether any chunk was rewritten. */
    public boolean run() throws SQLException {
        if (!h2) {
            return false; // decided once: the timer does not borrow a PostgreSQL connection every second
        }
        try (Connection connection = dataSource.getConnection()) {
            Optional<MVStore> store = fileStoreOf(connection);
            if (store.isEmpty()) {
                return false;
            }
            boolean rewritten = store.get().compact(TARGET_FILL_RATE, WRITE_LIMIT_BYTES);
            if (rewritten) {
                // written by this thread: left to the next commit, the rewritten pages (up to the write limit)
                // would be written by whichever request happens to commit next, inside its response time
                store.get().commit();
                LOG.debug("h2 housekeeping rewrote sparse chunks");
            }
            store.get().sync();
            return rewritten;
        }
    }

    /** The MVStore behind an embedded H2 connection, when it is kept in a file. */
    static Optional<MVStore> fileStoreOf(Connection connection) throws SQLException {
        if (!connection.isWrapperFor(JdbcConnection.class)
                || !(connection.unwrap(JdbcConnection.class).getSession() instanceof SessionLocal session)) {
            return Optional.empty(); // PostgreSQL, or H2 over TCP: not ours to compact
        }
        MVStore store = session.getDatabase().getStore().getMvStore();
        return store.getFileStore() == null ? Optional.empty() : Optional.of(store);
    }
}
