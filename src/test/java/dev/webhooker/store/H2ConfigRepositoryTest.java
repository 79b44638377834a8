package dev.webhooker.store;

import dev.webhooker.testsupport.TestDatabases;

class H2ConfigRepositoryTest extends ConfigRepositoryContract {
    @Override
    protected TestDatabases.Kind kind() {
        return TestDatabases.Kind.H2;
    }
}
