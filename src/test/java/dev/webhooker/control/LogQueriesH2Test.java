package dev.webhooker.control;

import dev.webhooker.testsupport.TestDatabases;

class LogQueriesH2Test extends LogQueriesContract {
    @Override
    TestDatabases.Kind kind() {
        return TestDatabases.Kind.H2;
    }
}
