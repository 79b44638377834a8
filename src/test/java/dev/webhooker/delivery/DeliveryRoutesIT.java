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
import java.util.List;

import javax.sql.DataSource;

import com.github.tomakehurst.wiremock.WireMockServer;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.Target;

/**
 * The Camel side on the embedded default: routes/delivery.camel.yaml polls, the wake-up signal makes a
 * freshly queued delivery go out long before the (here deliberately huge) poll interval, and it reaches
 * Discord and Telegram. Routing, formatting and rendering are test fakes until those branches are merged.
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

    @TestConfiguration
    static class Collaborators {
        @Bean
        RouteCatalog routeCatalog() {
            Group group = new Group("g1", "Team", null, null, null, null, null, true, null, "en", null, false);
            return new FakeRouteCatalog(List.of(group), List.of(new Route("r1", "g1", "Push", true,
                    List.of(new Filter("event", List.of("push"), false)), null,
                    List.of(Target.discord("111", null), Target.telegram("-100", "7")), false, false, List.of())));
        }

        @Bean
        MessageComposer messageComposer() {
            return new FakeComposer();
        }

        @Bean
        MessageRenderer messageRenderer() {
            return new FakeRenderer();
        }
    }

    @Autowired
    DataSource dataSource;
    @Autowired
    DeliveryWakeUp wakeUp;

    @Test
    void aSignalledDeliveryIsClaimedAndSentByTheRoutes() {
        DISCORD.stubFor(post(urlMatching("/channels/.*/messages")).willReturn(okJson("{\"id\":\"9001\"}")));
        TELEGRAM.stubFor(post(urlMatching("/bot123:TEST/.*")).willReturn(okJson("{\"ok\":true,\"result\":{\"message_id\":77}}")));
        DeliveryRows rows = new DeliveryRows(dataSource);
        String key = rows.insertPending("github", "g1", "routes-1", "push",
                "{\"repository\":{\"full_name\":\"acme/widget\"},\"marker\":\"via-camel\"}", null, System.currentTimeMillis());

        wakeUp.signal();

        await().atMost(Duration.ofSeconds(30)).until(() -> "delivered".equals(rows.status(key)));
        DISCORD.verify(1, postRequestedFor(urlEqualTo("/channels/111/messages"))
                .withRequestBody(matchingJsonPath("$.embeds[0].title", containing("via-camel"))));
        TELEGRAM.verify(1, postRequestedFor(urlEqualTo("/bot123:TEST/sendMessage")));
        assertThat(rows.jdbc().queryForObject("SELECT count(*) FROM send_logs WHERE delivery_id = 'routes-1' AND ok = 1",
                Integer.class)).isEqualTo(2);
    }
}
