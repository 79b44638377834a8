package dev.webhooker.operations;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.SmartLifecycle;

import dev.webhooker.WebhookerApplication;

/**
 * A shutdown takes readiness down before the webhook port stops accepting: a probe that runs first among the
 * stopping components finds readiness no longer UP while {@code /health} on PORT still answers.
 */
class ShutdownReadinessIT {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    static int status(int port, String path) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (Exception refused) {
            return -1;
        }
    }

    @Test
    void readinessGoesDownFirst() throws Exception {
        Path dataDir = Files.createTempDirectory("webhooker-readiness");
        AtomicInteger readinessWhileStopping = new AtomicInteger();
        AtomicInteger healthWhileStopping = new AtomicInteger();
        int[] ports = new int[2];
        SpringApplication app = new SpringApplication(WebhookerApplication.class);
        app.addInitializers(context -> context.getBeanFactory().registerSingleton("firstToStop", new SmartLifecycle() {
            private volatile boolean running;

            @Override
            public void start() {
                running = true;
            }

            @Override
            public void stop() {
                readinessWhileStopping.set(status(ports[1], "/actuator/health/readiness"));
                healthWhileStopping.set(status(ports[0], "/health"));
                running = false;
            }

            @Override
            public boolean isRunning() {
                return running;
            }

            @Override
            public int getPhase() {
                return Integer.MAX_VALUE;
            }
        }));
        ConfigurableApplicationContext context = app.run("--server.port=0", "--management.server.port=0", "--webhooker.data-dir=" + dataDir,
                "--webhooker.database.url=", "--webhooker.redis-url=", "--webhooker.s3.bucket=", "--webhooker.config.file=",
                "--spring.main.banner-mode=off");
        ports[0] = Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
        ports[1] = Integer.parseInt(context.getEnvironment().getProperty("local.management.port"));
        assertThat(status(ports[1], "/actuator/health/readiness")).isEqualTo(200);

        context.close();

        assertThat(readinessWhileStopping.get()).as("readiness while the webhook port still accepts").isNotEqualTo(200);
        assertThat(healthWhileStopping.get()).as("the webhook port still answers").isEqualTo(200);
        assertThat(status(ports[0], "/health")).as("and then it stops").isEqualTo(-1);
    }
}
