package dev.webhooker.configfile;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Route;

/** The application seeds an empty embedded database from WEBHOOKER_CONFIG and serves it as the snapshot. */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ConfigWiringIT {

    @DynamicPropertySource
    static void embeddedWithExampleConfig(DynamicPropertyRegistry registry) throws Exception {
        Path dataDir = Files.createTempDirectory("webhooker-config-boot");
        registry.add("webhooker.data-dir", dataDir::toString);
        registry.add("webhooker.database.url", () -> "");
        registry.add("webhooker.redis-url", () -> "");
        registry.add("webhooker.s3.bucket", () -> "");
        registry.add("webhooker.config.file", () -> "config/webhooker.example.yaml");
        registry.add("webhooker.config.mode", () -> "seed");
    }

    @Autowired
    ConfigSnapshots snapshots;

    @Autowired
    ConfigFileSync fileSync;

    @Test
    void theSeedFileIsTheSnapshotInForce() {
        assertThat(snapshots.current().routes()).extracting(Route::id)
                .containsExactly("pushes", "pull-requests", "releases", "ci-failures", "everything-else");
        assertThat(snapshots.current().version()).isEqualTo(1);
        assertThat(fileSync.mode()).isEqualTo(ConfigFileMode.SEED);
        assertThat(fileSync.configWritesAllowed()).isTrue();
    }
}
