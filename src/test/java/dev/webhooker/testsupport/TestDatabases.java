package dev.webhooker.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.flywaydb.core.Flyway;

import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.store.H2WrittenCommits;

/**
 * Migrated, empty databases for repository tests: an H2 file database in a temp directory (the embedded
 * default, same URL settings as production) and a fresh PostgreSQL database. Contract tests run against both.
 */
public final class TestDatabases {

    public enum Kind {
        H2, POSTGRESQL;

        /** The vendor the application's own code sees for a database of this kind. */
        public DatabaseUrl.Vendor vendor() {
            return this == H2 ? DatabaseUrl.Vendor.H2 : DatabaseUrl.Vendor.POSTGRESQL;
        }
    }

    private TestDatabases() {
    }

    public static DataSource create(Kind kind) {
        return kind == Kind.H2 ? h2() : postgres();
    }

    /** A new database of {@code kind} migrated up to {@code version} only (a deployment before an upgrade). */
    public static DataSource before(Kind kind, String version) {
        DataSource ds = kind == Kind.H2 ? unmigratedH2() : dataSource(TestPostgres.newDatabase(), TestPostgres.user(), TestPostgres.password());
        flyway(ds, kind).target(version).load().migrate();
        return ds;
    }

    /** Applies every migration {@code ds} has not had yet, as a start of the new version does. */
    public static void upgrade(DataSource ds, Kind kind) {
        flyway(ds, kind).load().migrate();
    }

    private static org.flywaydb.core.api.configuration.FluentConfiguration flyway(DataSource ds, Kind kind) {
        return Flyway.configure().dataSource(ds).locations("classpath:db/migration/" + (kind == Kind.H2 ? "h2" : "postgresql"))
                .javaMigrations(new dev.webhooker.store.ExistingTargetsConsent());
    }

    private static DataSource unmigratedH2() {
        try {
            DatabaseUrl url = DatabaseUrl.resolve("", null, null, Files.createTempDirectory("webhooker-h2"));
            return H2WrittenCommits.around(dataSource(url.jdbcUrl(), url.user(), url.password()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static DataSource h2() {
        try {
            Path dir = Files.createTempDirectory("webhooker-h2");
            DatabaseUrl url = DatabaseUrl.resolve("", null, null, dir);
            return migrated(url.jdbcUrl(), url.user(), url.password(), "h2");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static DataSource postgres() {
        return migrated(TestPostgres.newDatabase(), TestPostgres.user(), TestPostgres.password(), "postgresql");
    }

    private static DataSource migrated(String jdbcUrl, String user, String password, String vendor) {
        HikariDataSource pool = dataSource(jdbcUrl, user, password);
        // the embedded default's commits are written into its file as the application's are
        DataSource ds = vendor.equals("h2") ? H2WrittenCommits.around(pool) : pool;
        Flyway.configure().dataSource(ds).locations("classpath:db/migration/" + vendor)
                .javaMigrations(new dev.webhooker.store.ExistingTargetsConsent()).load().migrate();
        return ds;
    }

    private static HikariDataSource dataSource(String jdbcUrl, String user, String password) {
        HikariDataSource ds = new HikariDataSource();
        ds.setJdbcUrl(jdbcUrl);
        ds.setUsername(user);
        ds.setPassword(password);
        // One test JVM creates many of these and never closes them; idle connections are given back so
        // the suite stays far below PostgreSQL's max_connections (100 on a default server).
        ds.setMaximumPoolSize(20);
        ds.setMinimumIdle(0);
        ds.setIdleTimeout(10_000);
        return ds;
    }
}
