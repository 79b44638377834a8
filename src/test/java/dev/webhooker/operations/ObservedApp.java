package dev.webhooker.operations;

import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.UUID;

import com.github.tomakehurst.wiremock.WireMockServer;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;

import dev.webhooker.store.ConfigRepository;
import dev.webhooker.testsupport.AppStores;
import dev.webhooker.testsupport.Fixtures;
import dev.webhooker.testsupport.GithubWebhooks;
import dev.webhooker.platform.discord.DiscordTarget;

/**
 * One booted application with metrics and tracing on (Spring Boot turns both off in tests unless asked), a
 * fake Discord, and a route that sends every push there. The operations tests share it.
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureObservability
abstract class ObservedApp {

    static final WireMockServer DISCORD = started();
    static final String SECRET = "operations-secret";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.embedded(registry, "operations");
        registry.add("webhooker.config.file", () -> "");
        registry.add("webhooker.ingress.github-webhook-secret", () -> SECRET);
        registry.add("webhooker.platforms.discord-api-url", DISCORD::baseUrl);
        registry.add("webhooker.platforms.discord-token", () -> "bot-token");
        registry.add("webhooker.delivery.poll-interval", () -> "100ms");
        registry.add("webhooker.delivery.retry-schedule", () -> "200ms");
    }

    @LocalServerPort
    int port;

    @Autowired
    ConfigRepository repository;

    @Autowired
    ConfigSnapshots snapshots;

    @BeforeEach
    void pushesToDiscord() {
        repository.replaceAll(List.of(new Group("team", "Team", List.of(), List.of(), List.of(), List.of(), null, true, List.of(), null,
                null, false)), List.of(new Route("pushes", "team", "Pushes", true, List.of(new Filter("event", List.of("push"), false)), null,
                List.of(new DiscordTarget("111111111111111111", null)), false, false, List.of())));
        snapshots.refresh();
        DISCORD.resetAll();
        DISCORD.stubFor(post(urlMatching("/channels/.*/messages")).willReturn(okJson("{\"id\":\"9001\"}")));
    }

    HttpResponse<String> webhook(String deliveryId, byte[] body) throws Exception {
        return GithubWebhooks.post("http://127.0.0.1:" + port + "/webhook", SECRET, "push", deliveryId, body);
    }

    /** The push fixture, made unique (identical bodies are duplicates whatever their delivery id). */
    static byte[] uniquePush() throws Exception {
        String fixture = Files.readString(Fixtures.root().resolve("github/push/commits.json"));
        return ("{\"test_run\":\"" + UUID.randomUUID() + "\"," + fixture.substring(fixture.indexOf('{') + 1)).getBytes(StandardCharsets.UTF_8);
    }

    private static WireMockServer started() {
        WireMockServer server = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        server.start();
        return server;
    }
}
