package dev.webhooker.store;

import dev.webhooker.testsupport.TestDatabases;

class H2GroupCommitTest extends GroupCommitContract {
    @Override
    protected TestDatabases.Kind kind() {
        return TestDatabases.Kind.H2;
    }
}
