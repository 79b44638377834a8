package dev.webhooker.delivery;

import dev.webhooker.testsupport.TestDatabases;

class InPlaceOrderingPostgresIT extends InPlaceOrderingContract {
    @Override
    TestDatabases.Kind kind() {
        return TestDatabases.Kind.POSTGRESQL;
    }
}
