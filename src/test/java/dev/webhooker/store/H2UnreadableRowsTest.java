package dev.webhooker.store;

import dev.webhooker.testsupport.TestDatabases;

class H2UnreadableRowsTest extends UnreadableRowsContract {
    @Override
    protected TestDatabases.Kind kind() {
        return TestDatabases.Kind.H2;
    }
}
