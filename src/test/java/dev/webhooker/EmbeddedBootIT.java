package dev.webhooker;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.platform.OutboundHttp;

/** The embedded default: no external service configured, the app boots and /health is ok. */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class EmbeddedBootIT {

    @DynamicPropertySource
    static void embeddedOnly(DynamicPropertyRegistry registry) throws Exception {
        Path dataDir = Files.createTempDirectory("webhooker-boot");
        registry.add("webhooker.data-dir", dataDir::toString);
        registry.add("webhooker.database.url", () -> "");
        registry.add("webhooker.redis-url", () -> "");
        registry.add("webhooker.s3.bucket", () -> "");
    }

    @LocalServerPort
    int port;

    @Autowired
    OutboundHttp platformHttp;

    @Test
    void healthIsOkOnTheEmbeddedDefault() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health")).GET().build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"status\":\"ok\"}");
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
    }

    @Test
    void startingUpSetsUpNoPlatformClient() {
        // nothing was delivered, so neither TLS nor the client's threads have been set up
        assertThat(platformHttp.isStarted()).isFalse();
    }

    @Test
    void unknownPathsGetASmallJsonError() throws Exception {
        for (String accept : new String[] {"application/json", "text/html"}) {
            HttpResponse<String> response = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/no/such/page")).header("Accept", accept).GET().build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(response.statusCode()).isEqualTo(404);
            assertThat(response.body()).isEqualTo("{\"error\":\"Not Found\"}");
        }
    }

    @Test
    void browsersFindTheIconWhereverTheyAsk() throws Exception {
        for (String[] icon : new String[][] {{"/favicon.ico", "image/x-icon"}, {"/favicon.svg", "image/svg+xml"}}) {
            HttpResponse<byte[]> response = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + icon[0])).GET().build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertThat(response.statusCode()).as(icon[0]).isEqualTo(200);
            assertThat(response.headers().firstValue("Content-Type")).as(icon[0]).get().asString().startsWith(icon[1]);
            assertThat(response.body()).isNotEmpty();
        }
    }

    @Test
    void editorsFindTheConfigurationSchemaWithoutSigningIn() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/schema/webhooker-config.json")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).get().asString().startsWith("application/schema+json");
        assertThat(new com.fasterxml.jackson.databind.ObjectMapper().readTree(response.body()))
                .isEqualTo(dev.webhooker.routing.ConfigSchema.document());
    }
}
