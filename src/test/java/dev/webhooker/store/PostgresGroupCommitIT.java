package dev.webhooker.store;

import dev.webhooker.testsupport.TestDatabases;

class PostgresGroupCommitIT extends GroupCommitContract {
    @Override
    protected TestDatabases.Kind kind() {
        return TestDatabases.Kind.POSTGRESQL;
    }
}
