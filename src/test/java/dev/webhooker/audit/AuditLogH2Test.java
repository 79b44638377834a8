package dev.webhooker.audit;

import dev.webhooker.testsupport.TestDatabases;

class AuditLogH2Test extends AuditLogContract {

    @Override
    protected TestDatabases.Kind kind() {
        return TestDatabases.Kind.H2;
    }
}
