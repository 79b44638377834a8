package dev.webhooker.control;

import dev.webhooker.testsupport.TestDatabases;

class LogQueriesPostgresIT extends LogQueriesContract {
    @Override
    TestDatabases.Kind kind() {
        return TestDatabases.Kind.POSTGRESQL;
    }
}
