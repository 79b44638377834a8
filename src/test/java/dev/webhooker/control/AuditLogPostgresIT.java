package dev.webhooker.control;

import dev.webhooker.testsupport.TestDatabases;

class AuditLogPostgresIT extends AuditLogContract {

    @Override
    protected TestDatabases.Kind kind() {
        return TestDatabases.Kind.POSTGRESQL;
    }
}
