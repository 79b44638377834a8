package dev.webhooker.store;

import java.time.Clock;

import org.junit.jupiter.api.BeforeAll;

import dev.webhooker.testsupport.TestDatabases;

/** The KV table on PostgreSQL (DATABASE_URL set, REDIS_URL not). */
class SqlKvStorePostgresIT extends KvStoreContract {

    private static SqlKvStore store;

    @BeforeAll
    static void database() {
        store = new SqlKvStore(TestDatabases.create(TestDatabases.Kind.POSTGRESQL), DatabaseUrl.Vendor.POSTGRESQL,
                Clock.systemUTC());
    }

    @Override
    protected KvStore store() {
        return store;
    }
}
