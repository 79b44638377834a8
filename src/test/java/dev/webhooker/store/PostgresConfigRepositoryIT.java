package dev.webhooker.store;

import dev.webhooker.testsupport.TestDatabases;

class PostgresConfigRepositoryIT extends ConfigRepositoryContract {
    @Override
    protected TestDatabases.Kind kind() {
        return TestDatabases.Kind.POSTGRESQL;
    }
}
