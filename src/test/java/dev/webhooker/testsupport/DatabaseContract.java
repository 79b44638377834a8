package dev.webhooker.testsupport;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Base of a repository contract run once per database kind: one migrated database per test class
 * (subclasses say which kind), closed afterwards so the suite stays within PostgreSQL's connections.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class DatabaseContract {

    protected DataSource dataSource;
    protected JdbcTemplate jdbc;

    protected abstract TestDatabases.Kind kind();

    @BeforeAll
    void openDatabase() {
        dataSource = TestDatabases.create(kind());
        jdbc = new JdbcTemplate(dataSource);
    }

    @AfterAll
    void closeDatabase() throws Exception {
        if (dataSource instanceof AutoCloseable closeable) {
            closeable.close();
        }
    }
}
