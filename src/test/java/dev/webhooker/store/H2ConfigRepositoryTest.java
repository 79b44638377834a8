package dev.webhooker.store;

import dev.webhooker.testsupport.TestDatabases;

class H2ConfigRepositoryTest extends ConfigRepositoryContract {
    @Override
    TestDatabases.Kind kind() {
        return TestDatabases.Kind.H2;
    }
}
