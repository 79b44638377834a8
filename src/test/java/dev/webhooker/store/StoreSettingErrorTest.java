package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;

import dev.webhooker.WebhookerApplication;

/** A malformed REDIS_URL or S3 setting stops start-up with one report naming it. */
class StoreSettingErrorTest {

    @Test
    void malformedRedisUrl() throws Exception {
        String output = startWith("--webhooker.redis-url=redis://cache:notaport");
        assertThat(output).contains("Invalid setting REDIS_URL: ");
        assertThat(output).doesNotContain("\tat org.springframework");
    }

    @Test
    void s3EndpointThatIsNoHttpUrl() throws Exception {
        String output = startWith("--webhooker.s3.bucket=webhooker-payloads", "--webhooker.s3.endpoint=127.0.0.1:9000");
        assertThat(output).contains("Invalid setting S3_ENDPOINT: must be an http(s) URL");
        assertThat(output).doesNotContain("\tat org.springframework");
    }

    private static String startWith(String... settings) throws Exception {
        String dataDir = Files.createTempDirectory("webhooker-settings").toString();
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
        assertThat(failure).as("start-up must fail").isNotNull();
        return captured.toString(StandardCharsets.UTF_8);
    }
}
