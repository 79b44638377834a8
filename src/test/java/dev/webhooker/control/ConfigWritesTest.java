package dev.webhooker.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.http.HttpStatus;

import dev.webhooker.configfile.ConfigFileMode;
import dev.webhooker.configfile.ConfigFileSettings;
import dev.webhooker.configfile.ConfigFileSync;
import dev.webhooker.routing.Group;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.testsupport.TestDatabases;

class ConfigWritesTest {

    @TempDir
    Path dir;

    private DataSource dataSource;
    private ConfigRepository repository;

    @BeforeEach
    void database() {
        dataSource = TestDatabases.h2();
        repository = ConfigRepository.on(dataSource);
    }

    @AfterEach
    void close() throws Exception {
        ((AutoCloseable) dataSource).close();
    }

    private static ConfigWrites with(ConfigFileSync sync) {
        StaticListableBeanFactory beans = new StaticListableBeanFactory(sync == null ? Map.of() : Map.of("configFileSync", sync));
        return new ConfigWrites(beans.getBeanProvider(ConfigFileSync.class));
    }

    private ConfigFileSync started(ConfigFileMode mode) throws Exception {
        Path file = dir.resolve("groups.yaml");
        Files.writeString(file, "groups:\n  - {id: filed, name: Filed}\n");
        ConfigFileSync sync = new ConfigFileSync(new ConfigFileSettings(file, "/etc/webhooker/groups.yaml", mode), repository, null);
        sync.start();
        return sync;
    }

    @Test
    void inSyncModeWritesToTheFilesGroupsAndWholeListsAre409NamingTheFile() throws Exception {
        repository.replaceAll(List.of(new Group("made", "Made", List.of(), List.of(), List.of(), List.of(), null, true, List.of(), null, null,
                false)), List.of());
        ConfigWrites writes = with(started(ConfigFileMode.SYNC));

        assertThatThrownBy(writes::requireWholeListAllowed)
                .isInstanceOfSatisfying(AdminApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(HttpStatus.CONFLICT);
                    assertThat(e.detail()).contains("/etc/webhooker/groups.yaml");
                });
        assertThatThrownBy(() -> writes.requireAllowed("filed"))
                .isInstanceOfSatisfying(AdminApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(HttpStatus.CONFLICT);
                    assertThat(e.detail()).contains("\"filed\"").contains("/etc/webhooker/groups.yaml");
                });
        writes.requireAllowed("made");
        writes.requireAllowed("brand-new");
    }

    @Test
    void seedModeAndNoFileAllowWrites() throws Exception {
        ConfigWrites seed = with(started(ConfigFileMode.SEED));
        seed.requireWholeListAllowed();
        seed.requireAllowed("filed");
        with(null).requireWholeListAllowed();
        with(null).requireAllowed("filed");
    }
}
