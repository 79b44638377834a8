package dev.webhooker.delivery;

import dev.webhooker.testsupport.TestDatabases;

class DeliveryEngineH2IT extends DeliveryEngineContract {
    @Override
    TestDatabases.Kind kind() {
        return TestDatabases.Kind.H2;
    }
}
