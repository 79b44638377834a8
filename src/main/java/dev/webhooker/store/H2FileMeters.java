package dev.webhooker.store;

import java.sql.Connection;
import java.sql.SQLException;

import javax.sql.DataSource;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.h2.mvstore.FileStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code webhooker_h2_file_writes_total}: how many times an H2 file database (the embedded default, or a
 * {@code jdbc:h2:file:} DATABASE_URL) wrote into its file. Every write is one chunk, shared by the commits that
 * waited for it ({@link H2WrittenCommits}), so its growth per delivery tells how well the group commits and the
 * shared writes join the workers' writes (the backlog benchmark divides it by the sends). Compaction's rewrites
 * ({@link H2Housekeeping}) and H2's background writer count too. Not registered on PostgreSQL, nor for an
 * in-memory H2 database.
 */
final class H2FileMeters implements MeterBinder {

    private static final Logger LOG = LoggerFactory.getLogger(H2FileMeters.class);

    private final DataSource dataSource;
    private final DatabaseUrl.Vendor vendor;

    H2FileMeters(DataSource dataSource, DatabaseUrl.Vendor vendor) {
        this.dataSource = dataSource;
        this.vendor = vendor;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        if (vendor != DatabaseUrl.Vendor.H2) {
            return;
        }
        // the store lives as long as the database, which the pool keeps open until the application stops
        FileStore<?> file;
        try (Connection connection = dataSource.getConnection()) {
            file = H2Housekeeping.fileStoreOf(connection).map(store -> store.getFileStore()).orElse(null);
        } catch (SQLException e) {
            LOG.warn("webhooker_h2_file_writes_total is left out: {}", e.toString());
            return;
        }
        if (file == null) {
            return;
        }
        FunctionCounter.builder("webhooker.h2.file.writes", file, FileStore::getWriteCount)
                .description("Writes into the H2 database's file, compaction's included; each one carries every commit"
                        + " that waited for it")
                .register(registry);
    }
}
