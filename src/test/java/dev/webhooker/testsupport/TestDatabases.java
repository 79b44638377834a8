package dev.webhooker.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.flywaydb.core.Flyway;

import dev.webhooker.store.DatabaseUrl;

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
        HikariDataSource ds = new HikariDataSource();
        ds.setJdbcUrl(jdbcUrl);
        ds.setUsername(user);
        ds.setPassword(password);
        // One test JVM creates many of these and never closes them; idle connections are given back so
        // the suite stays far below PostgreSQL's max_connections (100 on a default server).
        ds.setMaximumPoolSize(20);
        ds.setMinimumIdle(0);
        ds.setIdleTimeout(10_000);
        Flyway.configure().dataSource(ds).locations("classpath:db/migration/" + vendor)
                .javaMigrations(new dev.webhooker.store.ExistingTargetsConsent()).load().migrate();
        return ds;
    }
}
