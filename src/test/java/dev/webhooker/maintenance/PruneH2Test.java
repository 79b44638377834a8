package dev.webhooker.maintenance;

import dev.webhooker.testsupport.TestDatabases;

class PruneH2Test extends PruneContract {
    @Override
    TestDatabases.Kind kind() {
        return TestDatabases.Kind.H2;
    }
}
