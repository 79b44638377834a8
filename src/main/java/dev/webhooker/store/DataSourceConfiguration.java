package dev.webhooker.store;

import java.io.IOException;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

import dev.webhooker.config.InvalidSettingException;
import dev.webhooker.config.WebhookerProperties;

/** The one DataSource: PostgreSQL when DATABASE_URL is set, otherwise the H2 file under DATA_DIR. */
@Configuration(proxyBeanMethods = false)
class DataSourceConfiguration {

    @Bean
    DatabaseUrl databaseUrl(WebhookerProperties properties) {
        WebhookerProperties.Database db = properties.database();
        DatabaseUrl url = DatabaseUrl.resolve(db.url(), db.user(), db.password(), properties.dataDir());
        if (url.vendor() == DatabaseUrl.Vendor.H2 && !db.external()) {
            try {
                DataDirectory.makePrivate(properties.dataDir());
            } catch (IOException | RuntimeException e) {
                throw new InvalidSettingException("DATA_DIR", "cannot create directory " + properties.dataDir() + ": " + e.getMessage());
            }
        }
        return url;
    }

    @Bean
    DataSource dataSource(DatabaseUrl url, WebhookerProperties properties) {
        HikariDataSource ds = new HikariDataSource();
        ds.setPoolName("webhooker");
        ds.setJdbcUrl(url.jdbcUrl());
        if (url.user() != null) {
            ds.setUsername(url.user());
        }
        if (url.password() != null) {
            ds.setPassword(url.password());
        }
        ds.setMaximumPoolSize(url.vendor() == DatabaseUrl.Vendor.H2 ? 8 : 16);
        // Several instances share one PostgreSQL: hold few connections while idle, grow under load.
        ds.setMinimumIdle(2);
        ds.setIdleTimeout(60_000);
        // Start even when PostgreSQL is down for a moment: requests then get 503 and /health says so.
        ds.setInitializationFailTimeout(-1);
        // Fail fast while the database is unreachable: a webhook then gets its 503 within two seconds (its
        // sender may retry), and no request thread waits out a long outage. The embedded file is never unreachable,
        // but its first connection opens the file (and recovers it after a crash), which took longer than that on a
        // busy machine and failed the start.
        ds.setConnectionTimeout(url.vendor() == DatabaseUrl.Vendor.H2 ? 10_000 : 1_500);
        ds.setValidationTimeout(1_000);
        if (url.vendor() == DatabaseUrl.Vendor.POSTGRESQL) {
            // seconds; a partition (no answer, no reset) ends a statement's wait instead of lasting as long as it
            ds.addDataSourceProperty("connectTimeout", "2");
            ds.addDataSourceProperty("socketTimeout", "15");
            ds.addDataSourceProperty("tcpKeepAlive", "true");
            ds.addDataSourceProperty("options", "-c statement_timeout=10000");
            return ds;
        }
        try {
            return H2WrittenCommits.around(ds);
        } catch (IllegalStateException unopened) {
            // in use by another process, say: one line naming the setting, not the trace of a failed start
            throw new InvalidSettingException(properties.database().external() ? "DATABASE_URL" : "DATA_DIR",
                    unopened.getMessage());
        }
    }

    /** The group commits of intake and delivery (see {@link CommitGroups} for how many batches run at once). */
    @Bean
    CommitGroups commitGroups(DataSource dataSource, DatabaseUrl url) {
        return CommitGroups.of(new DataSourceTransactionManager(dataSource), url.vendor());
    }

    /** Compaction and fsync of an embedded H2 file database (routes/maintenance.camel.yaml runs it). */
    @Bean
    H2Housekeeping h2Housekeeping(DataSource dataSource, DatabaseUrl url) {
        return new H2Housekeeping(dataSource, url.vendor());
    }

    /** webhooker_h2_file_writes_total on the embedded default (see {@link H2FileMeters}). */
    @Bean
    H2FileMeters h2FileMeters(DataSource dataSource, DatabaseUrl url) {
        return new H2FileMeters(dataSource, url.vendor());
    }
}
