package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.testsupport.TestPostgres;
import dev.webhooker.testsupport.TestRedis;
import dev.webhooker.testsupport.TestS3;

/** The scaled-out setup: PostgreSQL, Redis and S3 configured; the app uses them and /health is ok. */
@CamelSpringBootTest
// Quartz keeps its database connection JVM-wide by scheduler name: a context left cached would keep its
// scheduler running against the database registered last (QuartzClusterIT's)
@DirtiesContext
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ExternalStoresBootIT {

    @DynamicPropertySource
    static void externalServices(DynamicPropertyRegistry registry) throws Exception {
        Path dataDir = Files.createTempDirectory("webhooker-boot");
        String database = TestPostgres.newDatabase();
        TestS3.Server s3 = TestS3.server();
        registry.add("webhooker.data-dir", dataDir::toString);
        registry.add("webhooker.database.url", () -> database);
        registry.add("webhooker.secrets.key", () -> "a test key of more than thirty-two characters");
        registry.add("webhooker.database.user", TestPostgres::user);
        registry.add("webhooker.database.password", TestPostgres::password);
        registry.add("webhooker.redis-url", TestRedis::url);
        registry.add("webhooker.s3.bucket", () -> "wh-boot-" + UUID.randomUUID().toString().substring(0, 8));
        registry.add("webhooker.s3.endpoint", s3::endpoint);
        registry.add("webhooker.s3.access-key", s3::accessKey);
        registry.add("webhooker.s3.secret-key", s3::secretKey);
    }

    @LocalServerPort
    int port;

    @Autowired
    KvStore kvStore;

    @Autowired
    PayloadStore payloadStore;

    @Test
    void usesRedisAndS3AndHealthIsOk() throws Exception {
        assertThat(kvStore).isInstanceOf(RedisKvStore.class);
        assertThat(payloadStore).isInstanceOf(S3PayloadStore.class);

        // the first S3 call of a cold JVM builds the SDK client, which can outlast one probe's deadline
        HttpResponse<String> response = org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(15))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> HttpClient.newHttpClient().send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health")).GET().build(),
                        HttpResponse.BodyHandlers.ofString()), r -> r.statusCode() == 200);

        assertThat(response.body()).isEqualTo("{\"status\":\"ok\"}");
    }

    @Test
    void theBeansReallyStore() {
        String key = KvKeys.NONCE.key("boot-" + UUID.randomUUID());
        assertThat(kvStore.putIfAbsent(key, "1", Duration.ofSeconds(30))).isTrue();
        assertThat(kvStore.putIfAbsent(key, "1", Duration.ofSeconds(30))).isFalse();
        kvStore.delete(key);

        String object = PayloadKeys.newKey(Instant.now());
        payloadStore.put(object, "{\"ok\":true}".getBytes());
        assertThat(payloadStore.get(object)).isPresent();
        payloadStore.delete(object);
    }
}
