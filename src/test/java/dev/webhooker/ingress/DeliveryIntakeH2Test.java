package dev.webhooker.ingress;

import javax.sql.DataSource;

import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.testsupport.TestDatabases;

class DeliveryIntakeH2Test extends DeliveryIntakeContract {

    private static final DataSource DATA_SOURCE = TestDatabases.create(TestDatabases.Kind.H2);

    @Override
    protected DataSource dataSource() {
        return DATA_SOURCE;
    }

    @Override
    protected DatabaseUrl.Vendor vendor() {
        return DatabaseUrl.Vendor.H2;
    }

    @Override
    protected String unreachableJdbcUrl() {
        // an H2 server URL nobody listens on: same driver, no connection
        return "jdbc:h2:tcp://127.0.0.1:1/nowhere";
    }
}
