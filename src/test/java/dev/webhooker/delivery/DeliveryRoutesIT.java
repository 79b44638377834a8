package dev.webhooker.delivery;

import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.time.Duration;

import javax.sql.DataSource;

import com.github.tomakehurst.wiremock.WireMockServer;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.testsupport.DeliveryRows;


/**
 * The Camel side on the embedded default: routes/delivery.camel.yaml polls, the wake-up signal makes a
 * freshly queued delivery go out long before the (here deliberately huge) poll interval, and it reaches
 * Discord and Telegram, through the app's own routing, formatting and rendering beans.
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class DeliveryRoutesIT {

    static final WireMockServer DISCORD = started();
    static final WireMockServer TELEGRAM = started();

    static WireMockServer started() {
        WireMockServer server = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        server.start();
        return server;
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        registry.add("webhooker.data-dir", () -> tempDir());
        registry.add("webhooker.database.url", () -> "");
        registry.add("webhooker.redis-url", () -> "");
        registry.add("webhooker.s3.bucket", () -> "");
        registry.add("webhooker.platforms.discord-api-url", DISCORD::baseUrl);
        registry.add("webhooker.platforms.discord-token", () -> "bot-token");
        registry.add("webhooker.platforms.telegram-api-url", TELEGRAM::baseUrl);
        registry.add("webhooker.platforms.telegram-token", () -> "123:TEST");
        registry.add("webhooker.delivery.poll-interval", () -> "10m");
        registry.add("webhooker.ingress.github-webhook-secret", () -> SECRET);
        registry.add("webhooker.config.file", DeliveryRoutesIT::configFile);
        registry.add("webhooker.config.mode", () -> "seed");
    }

    static final String SECRET = "delivery-it-secret";

    static String configFile() {
        try {
            java.nio.file.Path file = Files.createTempFile("webhooker-delivery", ".yaml");
            Files.writeString(file, """
                    groups:
                      - id: team
                        name: "Team"
                        members: []
                        lang: "en"
                        logTarget:
                          platform: discord
                          channelId: "999999999999999999"
                    routes:
                      - id: pushes
                        name: "Push Route"
                        enabled: true
                        groupId: team
                        filters:
                          - type: event
                            match: push
                        targets:
                          - platform: discord
                            channelId: "111111111111111111"
                          - platform: telegram
                            chatId: "-100"
                            topicId: "7"
                    """);
            return file.toString();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static String tempDir() {
        try {
            return Files.createTempDirectory("webhooker-delivery-routes").toString();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @AfterAll
    static void stop() {
        DISCORD.stop();
        TELEGRAM.stop();
    }

    @Autowired
    DataSource dataSource;

    @org.springframework.boot.test.web.server.LocalServerPort
    int port;

    @Test
    void aSignedFixturePostedToTheWebhookReachesBothPlatformsOnce() throws Exception {
        DISCORD.stubFor(post(urlMatching("/channels/.*/messages")).willReturn(okJson("{\"id\":\"9001\"}")));
        TELEGRAM.stubFor(post(urlMatching("/bot123:TEST/.*")).willReturn(okJson("{\"ok\":true,\"result\":{\"message_id\":77}}")));
        byte[] body = Files.readAllBytes(dev.webhooker.testsupport.Fixtures.root().resolve("github/push/commits.json"));
        javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
        mac.init(new javax.crypto.spec.SecretKeySpec(SECRET.getBytes(java.nio.charset.StandardCharsets.UTF_8), "HmacSHA256"));
        String signature = "sha256=" + java.util.HexFormat.of().formatHex(mac.doFinal(body));

        var response = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest
                .newBuilder(java.net.URI.create("http://127.0.0.1:" + port + "/webhook"))
                .header("Content-Type", "application/json")
                .header("X-GitHub-Event", "push")
                .header("X-GitHub-Delivery", "e2e-delivery-1")
                .header("X-Hub-Signature-256", signature)
                .POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);

        DeliveryRows rows = new DeliveryRows(dataSource);
        // the poll interval is 10 minutes: only ingress's wake-up signal can make this happen in time
        await().atMost(Duration.ofSeconds(60)).until(() -> "delivered".equals(
                rows.jdbc().queryForList("SELECT status FROM delivery_state WHERE delivery_id = 'e2e-delivery-1'", String.class)
                        .stream().findFirst().orElse(null)));
        DISCORD.verify(1, postRequestedFor(urlEqualTo("/channels/111111111111111111/messages"))
                .withRequestBody(matchingJsonPath("$.embeds[0].title", containing("woodpecker-ci/woodpecker"))));
        // no BASE_URL / TELEGRAM_RICH_HEADER_HOST here: a message with an avatar goes out as sendPhoto + HTML caption
        TELEGRAM.verify(1, postRequestedFor(urlEqualTo("/bot123:TEST/sendPhoto"))
                .withRequestBody(matchingJsonPath("$.message_thread_id", com.github.tomakehurst.wiremock.client.WireMock.equalTo("7")))
                .withRequestBody(matchingJsonPath("$.parse_mode", com.github.tomakehurst.wiremock.client.WireMock.equalTo("HTML")))
                .withRequestBody(matchingJsonPath("$.caption", containing("<b><a href=\"https://github.com/woodpecker-ci/woodpecker"))));
        DISCORD.verify(1, postRequestedFor(urlEqualTo("/channels/999999999999999999/messages")));
        assertThat(rows.jdbc().queryForList("SELECT target FROM send_logs WHERE delivery_id = 'e2e-delivery-1' AND ok = 1 ORDER BY id",
                String.class)).containsExactlyInAnyOrder("111111111111111111", "-100/7");
    }
}
