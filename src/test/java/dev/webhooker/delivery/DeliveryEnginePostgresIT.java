package dev.webhooker.delivery;

import dev.webhooker.testsupport.TestDatabases;

class DeliveryEnginePostgresIT extends DeliveryEngineContract {
    @Override
    TestDatabases.Kind kind() {
        return TestDatabases.Kind.POSTGRESQL;
    }
}
