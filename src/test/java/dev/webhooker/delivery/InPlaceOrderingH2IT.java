package dev.webhooker.delivery;

import dev.webhooker.testsupport.TestDatabases;

class InPlaceOrderingH2IT extends InPlaceOrderingContract {
    @Override
    TestDatabases.Kind kind() {
        return TestDatabases.Kind.H2;
    }
}
