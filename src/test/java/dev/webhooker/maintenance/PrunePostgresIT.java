package dev.webhooker.maintenance;

import dev.webhooker.testsupport.TestDatabases;

class PrunePostgresIT extends PruneContract {
    @Override
    TestDatabases.Kind kind() {
        return TestDatabases.Kind.POSTGRESQL;
    }
}
