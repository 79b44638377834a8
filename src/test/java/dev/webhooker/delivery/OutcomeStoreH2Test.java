package dev.webhooker.delivery;

import dev.webhooker.testsupport.TestDatabases;

/** The embedded default's H2. */
class OutcomeStoreH2Test extends OutcomeStoreContract {
    @Override
    TestDatabases.Kind kind() {
        return TestDatabases.Kind.H2;
    }
}
