package dev.webhooker.delivery;

import dev.webhooker.testsupport.TestDatabases;

/** PostgreSQL, where each kind of write is one statement for every worker's rows. */
class OutcomeStorePostgresIT extends OutcomeStoreContract {
    @Override
    TestDatabases.Kind kind() {
        return TestDatabases.Kind.POSTGRESQL;
    }
}
