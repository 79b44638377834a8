package dev.webhooker.platform.limits;

import javax.sql.DataSource;

import dev.webhooker.testsupport.TestDatabases;

/** The limits in PostgreSQL (a cluster without Redis): the migrated schema's tables, one database for both instances. */
class PostgresRateLimitsIT extends SharedRateLimitsContract {

    private static final DataSource DATABASE = TestDatabases.postgres();

    @Override
    protected LimitStore newInstanceStore() {
        return new PostgresLimitStore(DATABASE);
    }
}
