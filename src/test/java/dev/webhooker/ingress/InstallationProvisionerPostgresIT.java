package dev.webhooker.ingress;

import dev.webhooker.testsupport.TestDatabases;

class InstallationProvisionerPostgresIT extends InstallationProvisionerContract {

    @Override
    protected TestDatabases.Kind kind() {
        return TestDatabases.Kind.POSTGRESQL;
    }
}
