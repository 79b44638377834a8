package dev.webhooker.audit;

import dev.webhooker.testsupport.TestDatabases;

class AuditLogPostgresIT extends AuditLogContract {

    @Override
    protected TestDatabases.Kind kind() {
        return TestDatabases.Kind.POSTGRESQL;
    }
}
