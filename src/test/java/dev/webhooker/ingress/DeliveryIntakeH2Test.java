package dev.webhooker.ingress;

import dev.webhooker.testsupport.TestDatabases;

class DeliveryIntakeH2Test extends DeliveryIntakeContract {

    @Override
    protected TestDatabases.Kind kind() {
        return TestDatabases.Kind.H2;
    }

    @Override
    protected String unreachableJdbcUrl() {
        // an H2 server URL nobody listens on: same driver, no connection
        return "jdbc:h2:tcp://127.0.0.1:1/nowhere";
    }
}
