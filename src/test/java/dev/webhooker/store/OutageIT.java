package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.testsupport.TcpProxy;
import dev.webhooker.testsupport.TestPostgres;
import dev.webhooker.testsupport.TestRedis;

/**
 * PostgreSQL and Redis behind TCP proxies this test cuts: while one is away every webhook that needs it is
 * answered 503 with Retry-After within two seconds, /health answers within one second naming it, and once it
 * is back webhooks are accepted again within seconds.
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext // its proxies are closed after it: the context must not stay cached, reconnecting to nothing
class OutageIT {

    private static final String SECRET = "outage-secret";
    private static final String GROUP_SECRET = "cd".repeat(32);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final TcpProxy DATABASE;
    private static final TcpProxy REDIS;

    static {
        try {
            URI pg = URI.create(TestPostgres.newDatabase().substring("jdbc:".length()));
            DATABASE = new TcpProxy(pg.getHost(), pg.getPort());
            DATABASE_URL = "jdbc:postgresql://127.0.0.1:" + DATABASE.port() + pg.getPath();
            URI redis = URI.create(TestRedis.url());
            REDIS = new TcpProxy(redis.getHost(), redis.getPort());
        } catch (Exception e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final String DATABASE_URL;

    @DynamicPropertySource
    static void behindProxies(DynamicPropertyRegistry registry) throws Exception {
        Path dataDir = Files.createTempDirectory("webhooker-outage");
        registry.add("webhooker.data-dir", dataDir::toString);
        registry.add("webhooker.database.url", () -> DATABASE_URL);
        registry.add("webhooker.secrets.key", () -> "a test key of more than thirty-two characters");
        registry.add("webhooker.database.user", TestPostgres::user);
        registry.add("webhooker.database.password", TestPostgres::password);
        registry.add("webhooker.redis-url", () -> "redis://127.0.0.1:" + REDIS.port());
        registry.add("webhooker.s3.bucket", () -> "");
        registry.add("webhooker.ingress.github-webhook-secret", () -> SECRET);
        registry.add("webhooker.delivery.enabled", () -> "false");
        Path config = Files.writeString(dataDir.resolve("webhooker.yaml"), "groups:\n  - {id: outage-group, name: Outage}\nroutes: []\n");
        registry.add("webhooker.config.file", config::toString);
    }

    @AfterAll
    static void closeProxies() throws Exception {
        DATABASE.close();
        REDIS.close();
    }

    @LocalServerPort
    int port;

    @Autowired
    KvStore kv;

    @Test
    void aDatabaseOutageIsA503WithinTwoSecondsAndHealthAnswersWithinOne() throws Exception {
        assertThat(push().statusCode()).isEqualTo(200);

        DATABASE.cut();
        try {
            List<CompletableFuture<Timed>> concurrent = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                concurrent.add(CompletableFuture.supplyAsync(this::timedPush));
            }
            for (CompletableFuture<Timed> each : concurrent) {
                Timed answer = each.join();
                assertThat(answer.response.statusCode()).as(answer.response.body()).isEqualTo(503);
                assertThat(answer.response.headers().firstValue("Retry-After")).isPresent();
                assertThat(answer.took).isLessThan(Duration.ofSeconds(2));
            }
            for (int i = 0; i < 3; i++) {
                Timed answer = timedPush();
                assertThat(answer.response.statusCode()).isEqualTo(503);
                assertThat(answer.took).isLessThan(Duration.ofSeconds(2));
            }
            Timed health = healthSoonSays("\"database\":\"down\"");
            assertThat(health.response.statusCode()).isEqualTo(503);
            assertThat(health.response.body()).doesNotContain("Connection");
        } finally {
            DATABASE.heal();
        }
        await().atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(250)).until(() -> push().statusCode() == 200);
    }

    @Test
    void aRedisOutageIsA503ForGroupEndpointsAndRecoversWithinSeconds() throws Exception {
        kv.put(KvKeys.TENANT.key("outage-group"), GROUP_SECRET, null);
        HttpResponse<String> before = groupPush();
        assertThat(before.statusCode()).as(before.body()).isEqualTo(200);

        REDIS.cut();
        try {
            long started = System.nanoTime();
            HttpResponse<String> answer = groupPush();
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(503);
            healthSoonSays("\"kv\":\"down\"");
        } finally {
            REDIS.heal();
        }
        long healed = System.nanoTime();
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100)).until(() -> groupPush().statusCode() == 200);
        assertThat(Duration.ofNanos(System.nanoTime() - healed)).as("Redis is used again soon after it is back")
                .isLessThan(Duration.ofSeconds(4));
    }

    private record Timed(HttpResponse<String> response, Duration took) {
    }

    /** Polls /health (a result may be up to a second old) until it says {@code text}; every answer within 1 s. */
    private Timed healthSoonSays(String text) throws Exception {
        long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (true) {
            Timed health = timed("/health");
            assertThat(health.took).isLessThan(Duration.ofSeconds(1));
            if (health.response.body().contains(text) || System.nanoTime() > until) {
                assertThat(health.response.body()).contains(text);
                return health;
            }
            Thread.sleep(200);
        }
    }

    private Timed timedPush() {
        long started = System.nanoTime();
        try {
            return new Timed(push(), Duration.ofNanos(System.nanoTime() - started));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private Timed timed(String path) throws Exception {
        long started = System.nanoTime();
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
        return new Timed(response, Duration.ofNanos(System.nanoTime() - started));
    }

    private HttpResponse<String> push() throws Exception {
        byte[] body = ("{\"ref\":\"refs/heads/main\",\"after\":\"" + UUID.randomUUID() + "\",\"repository\":{\"full_name\":\"a/b\"}}")
                .getBytes(StandardCharsets.UTF_8);
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/webhook"))
                .header("X-GitHub-Event", "push").header("X-GitHub-Delivery", UUID.randomUUID().toString())
                .header("X-Hub-Signature-256", "sha256=" + hmac(SECRET, body)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A group endpoint: the group's secret is looked up in the KV store (Redis) before anything else. */
    private HttpResponse<String> groupPush() throws Exception {
        byte[] body = "{\"title\":\"hello\"}".getBytes(StandardCharsets.UTF_8);
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/webhook/outage-group"))
                .header("X-WebHooker-Signature", "sha256=" + hmac(GROUP_SECRET, body)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String hmac(String secret, byte[] body) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(body));
    }
}
