package dev.webhooker.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

/** A command of the jar starts storage like the service, key check included: another key stops it with the reason. */
class CommandKeyCheckIT {

    private static final String KEY = "the key of this deployment, longer than thirty-two characters";
    private static final String TYPO = "the key of this deployment, longer than thirty-two characterz";

    @TempDir
    Path dir;

    @BeforeEach
    void embeddedIn() {
        System.setProperty("webhooker.data-dir", dir.resolve("data").toString());
        System.setProperty("webhooker.database.url", "");
        System.setProperty("webhooker.redis-url", "");
        System.setProperty("webhooker.s3.bucket", "");
    }

    @AfterEach
    void clear() {
        List.of("webhooker.data-dir", "webhooker.database.url", "webhooker.redis-url", "webhooker.s3.bucket", "webhooker.secrets.key")
                .forEach(System::clearProperty);
    }

    @Test
    void exportConfigWithAnotherKeyStopsNamingTheVariable() {
        System.setProperty("webhooker.secrets.key", KEY);
        try (ConfigurableApplicationContext first = HeadlessApp.start(false)) {
            assertThat(first.isActive()).isTrue();
        }
        System.setProperty("webhooker.secrets.key", TYPO);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = new ExportConfigCommand(() -> HeadlessApp.start(false)).run(new String[0],
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("export-config: WEBHOOKER_SECRET_KEY: the key (WEBHOOKER_SECRET_KEY) is not the key this database's secrets were sealed with")
                .doesNotContain(TYPO);
        assertThat(out.size()).isZero();

        System.setProperty("webhooker.secrets.key", KEY);
        out.reset();
        err.reset();
        assertThat(new ExportConfigCommand(() -> HeadlessApp.start(false)).run(new String[0],
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)))
                .as(err.toString(StandardCharsets.UTF_8)).isZero();
    }
}
