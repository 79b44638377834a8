package dev.webhooker.ingress;

import dev.webhooker.testsupport.TestDatabases;

class InstallationProvisionerH2Test extends InstallationProvisionerContract {

    @Override
    protected TestDatabases.Kind kind() {
        return TestDatabases.Kind.H2;
    }
}
