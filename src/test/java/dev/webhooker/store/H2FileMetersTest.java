package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;

import javax.sql.DataSource;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.testsupport.TestDatabases;

class H2FileMetersTest {

    @Test
    void countsOneFileWritePerCommitOnTheEmbeddedDefault() {
        DataSource dataSource = TestDatabases.h2();
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        new H2FileMeters(dataSource, DatabaseUrl.Vendor.H2).bindTo(registry);
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        jdbc.execute("CREATE TABLE counted (id BIGINT PRIMARY KEY)");
        double before = writes(registry);

        for (int i = 0; i < 10; i++) {
            jdbc.update("INSERT INTO counted VALUES (?)", i); // auto-commit: one commit each
        }

        assertThat(writes(registry) - before).isEqualTo(10);
    }

    @Test
    void registersNothingOnPostgreSqlOrInMemory() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        new H2FileMeters(TestDatabases.postgres(), DatabaseUrl.Vendor.POSTGRESQL).bindTo(registry);
        JdbcDataSource memory = new JdbcDataSource();
        memory.setURL("jdbc:h2:mem:file-meters;DB_CLOSE_DELAY=-1");
        new H2FileMeters(memory, DatabaseUrl.Vendor.H2).bindTo(registry);

        assertThat(registry.find("webhooker.h2.file.writes").meters()).isEmpty();
    }

    private static double writes(SimpleMeterRegistry registry) {
        return registry.get("webhooker.h2.file.writes").functionCounter().count();
    }
}
