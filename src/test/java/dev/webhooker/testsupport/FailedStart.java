package dev.webhooker.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;

import dev.webhooker.WebhookerApplication;

/** Starts the application in this JVM with settings that must stop it, and returns what it reported. */
public final class FailedStart {

    private FailedStart() {
    }

    /** The ERROR lines a failed start wrote, after checking that nothing else looked like a report. */
    public static List<String> errorLines(String... settings) throws Exception {
        return errorLinesIn(Files.createTempDirectory("webhooker-settings"), settings);
    }

    /** {@link #errorLines} with DATA_DIR {@code dataDirectory} (a data directory an earlier start used). */
    public static List<String> errorLinesIn(Path dataDirectory, String... settings) throws Exception {
        String dataDir = dataDirectory.toString();
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream originalOut = System.out;
        Throwable failure = null;
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            SpringApplication app = new SpringApplication(WebhookerApplication.class);
            app.setWebApplicationType(WebApplicationType.NONE);
            String[] args = new String[settings.length + 3];
            System.arraycopy(settings, 0, args, 0, settings.length);
            args[settings.length] = "--webhooker.data-dir=" + dataDir;
            args[settings.length + 1] = "--camel.main.routes-include-pattern=classpath:none/*.yaml";
            args[settings.length + 2] = "--spring.main.banner-mode=off";
            app.run(args).close();
        } catch (Throwable e) {
            failure = e;
        } finally {
            System.setOut(originalOut);
        }
        String output = captured.toString(StandardCharsets.UTF_8);
        assertThat(failure).as("start-up must fail").isNotNull();
        assertThat(output).doesNotContain("\tat org.springframework").doesNotContain("APPLICATION FAILED TO START");
        return output.lines().filter(line -> line.contains(" ERROR ")).toList();
    }
}
