package dev.webhooker.queue;

import dev.webhooker.testsupport.TestDatabases;

class DeliveryQueueH2IT extends DeliveryQueueContract {
    @Override
    TestDatabases.Kind kind() {
        return TestDatabases.Kind.H2;
    }
}
