package dev.webhooker.store;

import java.time.Clock;

import org.junit.jupiter.api.BeforeAll;

import dev.webhooker.testsupport.TestDatabases;

/** The embedded default: the KV table in an H2 file database. */
class SqlKvStoreH2IT extends KvStoreContract {

    private static SqlKvStore store;

    @BeforeAll
    static void database() {
        store = new SqlKvStore(TestDatabases.create(TestDatabases.Kind.H2), DatabaseUrl.Vendor.H2, Clock.systemUTC());
    }

    @Override
    protected KvStore store() {
        return store;
    }
}
