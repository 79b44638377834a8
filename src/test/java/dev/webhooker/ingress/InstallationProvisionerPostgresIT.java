package dev.webhooker.ingress;

import dev.webhooker.testsupport.TestDatabases;

class InstallationProvisionerPostgresIT extends InstallationProvisionerContract {

    @Override
    TestDatabases.Kind kind() {
        return TestDatabases.Kind.POSTGRESQL;
    }
}
