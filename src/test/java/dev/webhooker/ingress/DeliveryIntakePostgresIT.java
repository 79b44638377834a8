package dev.webhooker.ingress;

import javax.sql.DataSource;

import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.testsupport.TestDatabases;

class DeliveryIntakePostgresIT extends DeliveryIntakeContract {

    private static final DataSource DATA_SOURCE = TestDatabases.create(TestDatabases.Kind.POSTGRESQL);

    @Override
    protected DataSource dataSource() {
        return DATA_SOURCE;
    }

    @Override
    protected DatabaseUrl.Vendor vendor() {
        return DatabaseUrl.Vendor.POSTGRESQL;
    }

    @Override
    protected String unreachableJdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:1/nowhere";
    }
}
