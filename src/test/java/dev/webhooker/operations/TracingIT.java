package dev.webhooker.operations;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.delivery.DeliveryProcessor;
import dev.webhooker.ingress.IngressLog;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.Target;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.testsupport.AppStores;
import dev.webhooker.testsupport.Fixtures;
import dev.webhooker.testsupport.GithubWebhooks;
import dev.webhooker.testsupport.LogCapture;

/** One trace per delivery: the ingress log line, the delivery row, the engine's log line and the platform call share its id. */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureObservability
class TracingIT {

    static final WireMockServer DISCORD = started();
    static final String SECRET = "tracing-secret";
    static final Pattern TRACE_PARENT = Pattern.compile("00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]");

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.embedded(registry, "tracing");
        registry.add("webhooker.config.file", () -> "");
        registry.add("webhooker.ingress.github-webhook-secret", () -> SECRET);
        registry.add("webhooker.platforms.discord-api-url", DISCORD::baseUrl);
        registry.add("webhooker.platforms.discord-token", () -> "bot-token");
        registry.add("webhooker.delivery.poll-interval", () -> "100ms");
    }

    @LocalServerPort
    int port;

    @Autowired
    ConfigRepository repository;

    @Autowired
    ConfigSnapshots snapshots;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void theWebhooksTraceReachesThePlatformCallAndEveryLogLine() throws Exception {
        repository.replaceAll(List.of(new Group("team", "Team", List.of(), List.of(), List.of(), List.of(), null, true, List.of(), null,
                null, false)), List.of(new Route("pushes", "team", "Pushes", true, List.of(new Filter("event", List.of("push"), false)), null,
                List.of(Target.discord("111111111111111111", null)), false, false, List.of())));
        snapshots.refresh();
        // Discord refuses: the engine then logs the failed target, inside the delivery's trace
        DISCORD.stubFor(post(urlMatching("/channels/.*/messages")).willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json").withBody("{\"message\":\"Unknown Channel\",\"code\":10003}")));

        String first;
        String second;
        try (LogCapture ingress = new LogCapture(IngressLog.class); LogCapture engine = new LogCapture(DeliveryProcessor.class)) {
            first = UUID.randomUUID().toString();
            second = UUID.randomUUID().toString();
            assertThat(GithubWebhooks.post("http://127.0.0.1:" + port + "/webhook", SECRET, "push", first, uniquePush()).statusCode()).isEqualTo(200);
            await().atMost(Duration.ofSeconds(10)).until(() -> engine.lines().size() == 1);
            assertThat(GithubWebhooks.post("http://127.0.0.1:" + port + "/webhook", SECRET, "push", second, uniquePush()).statusCode()).isEqualTo(200);
            await().atMost(Duration.ofSeconds(10)).until(() -> engine.lines().size() == 2);

            String stored = jdbc.queryForObject("SELECT trace_parent FROM delivery_state WHERE delivery_id = ?", String.class, first);
            Matcher row = TRACE_PARENT.matcher(stored);
            assertThat(row.matches()).as(stored).isTrue();
            String traceId = row.group(1);

            LoggedRequest call = DISCORD.findAll(postRequestedFor(urlMatching("/channels/.*/messages"))).get(0);
            Matcher header = TRACE_PARENT.matcher(call.getHeader("traceparent"));
            assertThat(header.matches()).isTrue();
            assertThat(header.group(1)).as("the platform call continues the webhook's trace").isEqualTo(traceId);
            assertThat(header.group(2)).as("as a span of its own").isNotEqualTo(row.group(2));

            Map<String, String> accepted = ingress.mdc().get(0);
            assertThat(ingress.lines().get(0)).contains(first);
            assertThat(accepted).containsEntry("traceId", traceId).containsEntry("deliveryId", first);
            Map<String, String> failed = engine.mdc().get(0);
            assertThat(engine.lines().get(0)).contains("is failed");
            assertThat(failed).containsEntry("traceId", traceId).containsEntry("deliveryId", first);

            assertThat(engine.mdc().get(1).get("traceId")).as("another webhook, another trace").isNotEqualTo(traceId).matches("[0-9a-f]{32}");
        }
    }

    private static byte[] uniquePush() throws Exception {
        String fixture = Files.readString(Fixtures.root().resolve("github/push/commits.json"));
        return ("{\"test_run\":\"" + UUID.randomUUID() + "\"," + fixture.substring(fixture.indexOf('{') + 1)).getBytes(StandardCharsets.UTF_8);
    }

    private static WireMockServer started() {
        WireMockServer server = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        server.start();
        return server;
    }
}
