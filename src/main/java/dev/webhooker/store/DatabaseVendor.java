package dev.webhooker.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

import javax.sql.DataSource;

/**
 * The vendor behind a DataSource, for the classes that write the same rows with a statement each database does best
 * (the tests build them on either database from a DataSource alone). Read from a connection on first use, not at
 * start-up: the application starts while PostgreSQL is briefly down.
 */
public final class DatabaseVendor {

    private final DataSource dataSource;
    private volatile Boolean postgres;

    public DatabaseVendor(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public boolean isPostgres() {
        Boolean known = postgres;
        if (known == null) {
            try (Connection c = dataSource.getConnection()) {
                known = c.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres");
            } catch (SQLException e) {
                throw new IllegalStateException("cannot read the database vendor: " + e.getMessage(), e);
            }
            postgres = known;
        }
        return known;
    }
}
