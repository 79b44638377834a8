package dev.webhooker.store;

import dev.webhooker.testsupport.TestDatabases;

class PostgresUnreadableRowsIT extends UnreadableRowsContract {
    @Override
    protected TestDatabases.Kind kind() {
        return TestDatabases.Kind.POSTGRESQL;
    }
}
