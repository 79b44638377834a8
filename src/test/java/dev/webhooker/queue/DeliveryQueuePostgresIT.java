package dev.webhooker.queue;

import dev.webhooker.testsupport.TestDatabases;

class DeliveryQueuePostgresIT extends DeliveryQueueContract {
    @Override
    TestDatabases.Kind kind() {
        return TestDatabases.Kind.POSTGRESQL;
    }
}
