package dev.webhooker.platform.camel;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import dev.webhooker.testsupport.FailedStart;

/** A misconfigured camel target stops the start with one line that names the setting, rather than serve wrongly. */
class CamelTargetStartupTest {

    @Test
    void aSettingThatOpensTheServiceItselfStopsTheStart() throws Exception {
        assertThat(FailedStart.errorLines("--CAMEL_TARGET_SCHEMES=kafka,direct")).singleElement().asString()
                .endsWith("Invalid setting CAMEL_TARGET_SCHEMES: direct reaches inside this service or is sent by a platform"
                        + " of its own, so it is never a camel target");
    }

    @Test
    void aKameletsFolderThatIsNotThereStopsTheStart() throws Exception {
        assertThat(FailedStart.errorLines("--KAMELETS_DIR=/nonexistent/kamelets")).singleElement().asString()
                .endsWith("Invalid setting KAMELETS_DIR: /nonexistent/kamelets is not a readable folder");
    }

    @Test
    void aConfigFileNamingAComponentNotAllowedStopsTheStartNamingTheSetting() throws Exception {
        Path file = Files.createTempFile("webhooker-camel", ".yaml");
        Files.writeString(file, """
                groups:
                  - id: team
                    name: "Team"
                    members: []
                routes:
                  - id: bus
                    name: "Bus"
                    enabled: true
                    groupId: team
                    filters:
                      - type: event
                        match: push
                    targets:
                      - platform: camel
                        uri: "kafka:events?brokers=127.0.0.1:9092"
                """);

        assertThat(FailedStart.errorLines("--WEBHOOKER_CONFIG=" + file, "--CAMEL_TARGET_SCHEMES=nats"))
                .singleElement().asString()
                .contains("routes[0] (id \"bus\", group \"team\"): targets[0].uri: the Camel component kafka is not allowed here"
                        + " (CAMEL_TARGET_SCHEMES allows nats)");
    }
}
