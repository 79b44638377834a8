package dev.webhooker.configfile;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import javax.sql.DataSource;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.routing.Group;
import dev.webhooker.store.ConfigOrigin;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.testsupport.LogCapture;
import dev.webhooker.testsupport.TestDatabases;

/**
 * A database from before origins were recorded (migration 16.1), upgraded: its groups have no origin and a config file
 * created afterwards keeps them, on H2 and PostgreSQL.
 */
class ConfigOriginUpgradeTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(TestDatabases.Kind.class)
    void groupsFromBeforeTheUpgradeOutliveAConfigFileCreatedAfterIt(TestDatabases.Kind kind) throws Exception {
        DataSource ds = TestDatabases.before(kind, "14.1");
        try {
            JdbcTemplate jdbc = new JdbcTemplate(ds);
            jdbc.update("INSERT INTO d1_groups (id, name, data, version, created_at, updated_at, position) "
                    + "VALUES ('legacy', 'Legacy', '{\"id\":\"legacy\",\"name\":\"Legacy\",\"members\":[]}', 1, 0, 0, 0)");
            TestDatabases.upgrade(ds, kind);
            ConfigRepository repository = ConfigRepository.on(ds);
            assertThat(repository.groupOrigins()).containsEntry("legacy", null);
            Path file = dir.resolve("webhooker.yaml");
            Files.writeString(file, "groups:\n  - {id: filed, name: Filed}\n");

            try (LogCapture log = new LogCapture(ConfigFileSync.class)) {
                new ConfigFileSync(new ConfigFileSettings(file, "webhooker.yaml", ConfigFileMode.SYNC), repository, null).start();

                assertThat(log.lines()).containsExactly("INFO Config file webhooker.yaml applied (sync mode): groups: added filed; "
                        + "groups not in the file, kept: legacy (source unknown)");
            }
            assertThat(repository.load().groups()).extracting(Group::id).containsExactly("legacy", "filed");
            assertThat(repository.groupOrigin("filed")).contains(ConfigOrigin.FILE);
            assertThat(repository.groupOrigin("legacy")).isEmpty();
        } finally {
            ((AutoCloseable) ds).close();
        }
    }
}
