package dev.webhooker.ingress;

import dev.webhooker.testsupport.TestDatabases;

class DeliveryIntakePostgresIT extends DeliveryIntakeContract {

    @Override
    protected TestDatabases.Kind kind() {
        return TestDatabases.Kind.POSTGRESQL;
    }

    @Override
    protected String unreachableJdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:1/nowhere";
    }
}
