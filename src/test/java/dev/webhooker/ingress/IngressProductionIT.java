package dev.webhooker.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.testsupport.TestPostgres;
import dev.webhooker.testsupport.TestS3;

/** Production storage: PostgreSQL and a real S3-compatible server (s3proxy). */
@CamelSpringBootTest
// Quartz keeps its database connection JVM-wide by scheduler name: a context left cached would keep its
// scheduler running against the database registered last (QuartzClusterIT's)
@DirtiesContext
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class IngressProductionIT extends IngressEndpointContract {

    private static final String DATABASE = TestPostgres.newDatabase();

    @DynamicPropertySource
    static void production(DynamicPropertyRegistry registry) throws Exception {
        commonProperties(registry);
        TestS3.Server s3 = TestS3.server();
        registry.add("webhooker.database.url", () -> DATABASE);
        registry.add("webhooker.secrets.key", () -> "a test key of more than thirty-two characters");
        registry.add("webhooker.database.user", TestPostgres::user);
        registry.add("webhooker.database.password", TestPostgres::password);
        registry.add("webhooker.s3.bucket", () -> "webhooker-payloads");
        registry.add("webhooker.s3.endpoint", s3::endpoint);
        registry.add("webhooker.s3.access-key", s3::accessKey);
        registry.add("webhooker.s3.secret-key", s3::secretKey);
    }

    @org.springframework.beans.factory.annotation.Autowired
    javax.sql.DataSource dataSource;

    @Test
    void anUnreachableDatabaseGives503AndLeavesNothingBehind() throws Exception {
        String name = DATABASE.substring(DATABASE.lastIndexOf('/') + 1);
        String admin = DATABASE.substring(0, DATABASE.lastIndexOf('/') + 1) + "postgres";
        byte[] body = "{\"zen\":\"db down\"}".getBytes(StandardCharsets.UTF_8);
        String id = UUID.randomUUID().toString();
        Map<String, String> headers = githubHeaders("ping", id, GITHUB_SECRET, body);
        try (var c = java.sql.DriverManager.getConnection(admin, TestPostgres.user(), TestPostgres.password());
             var s = c.createStatement()) {
            s.execute("ALTER DATABASE " + name + " ALLOW_CONNECTIONS false");
            s.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + name + "' AND pid <> pg_backend_pid()");
            Reply down;
            try {
                down = post("/webhook", headers, body);
            } finally {
                s.execute("ALTER DATABASE " + name + " ALLOW_CONNECTIONS true");
            }
            assertError(down, 503, "Storage unavailable, retry later");
        }
        // the pool still holds connections the server killed; a real outage would age them out
        dataSource.unwrap(com.zaxxer.hikari.HikariDataSource.class).getHikariPoolMXBean().softEvictConnections();
        assertThat(count("SELECT COUNT(*) FROM dedup_keys WHERE key = ?", "github:global:" + id)).isZero();
        assertThat(count("SELECT COUNT(*) FROM delivery_state WHERE delivery_id = ?", id)).isZero();
        // the sender's retry is accepted, not a duplicate
        Reply retry = post("/webhook", headers, body);
        assertThat(retry.status()).isEqualTo(200);
        assertThat(retry.body().get("deliveryId").textValue()).isEqualTo(id);
    }
}
