package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * S3 and Redis configured but not reachable (nothing listens on their ports): the service still starts,
 * and /health says which stores are down.
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class UnreachableStoresBootIT {

    @DynamicPropertySource
    static void deadServices(DynamicPropertyRegistry registry) throws Exception {
        Path dataDir = Files.createTempDirectory("webhooker-boot");
        int closedS3 = closedPort();
        int closedRedis = closedPort();
        registry.add("webhooker.data-dir", dataDir::toString);
        registry.add("webhooker.database.url", () -> "");
        registry.add("webhooker.redis-url", () -> "redis://127.0.0.1:" + closedRedis);
        registry.add("webhooker.s3.bucket", () -> "webhooker-payloads");
        registry.add("webhooker.s3.endpoint", () -> "http://127.0.0.1:" + closedS3);
        registry.add("webhooker.s3.access-key", () -> "local-access");
        registry.add("webhooker.s3.secret-key", () -> "local-secret");
    }

    private static int closedPort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @LocalServerPort
    int port;

    @Test
    void startsAndReportsTheStoresDown() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health")).GET().build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).as(response.body()).isEqualTo(503);
        JsonNode body = new ObjectMapper().readTree(response.body());
        assertThat(body.path("status").asText()).isEqualTo("degraded");
        assertThat(body.path("checks").path("payloads").asText()).isEqualTo("down");
        assertThat(body.path("checks").path("kv").asText()).isEqualTo("down");
        assertThat(body.path("checks").path("database").asText()).isEqualTo("ok");
    }
}
