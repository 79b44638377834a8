package dev.webhooker.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;

import dev.webhooker.WebhookerApplication;

/** A malformed setting stops start-up with a report naming it, not a wall of stack trace. */
class StartupSettingErrorTest {

    @Test
    void malformedDatabaseUrlStopsStartUpWithOneClearReport() {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream originalOut = System.out;
        Throwable failure = null;
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            SpringApplication app = new SpringApplication(WebhookerApplication.class);
            app.setWebApplicationType(WebApplicationType.NONE);
            app.run("--webhooker.database.url=mysql://db/x", "--camel.main.routes-include-pattern=classpath:none/*.yaml",
                    "--spring.main.banner-mode=off");
        } catch (Throwable e) {
            failure = e;
        } finally {
            System.setOut(originalOut);
        }

        String output = captured.toString(StandardCharsets.UTF_8);
        assertThat(failure).isNotNull();
        assertThat(output).contains("Invalid setting DATABASE_URL: expected jdbc:postgresql://");
        assertThat(output).doesNotContain("\tat org.springframework");
    }
}
