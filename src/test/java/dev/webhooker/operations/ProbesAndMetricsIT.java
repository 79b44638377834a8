package dev.webhooker.operations;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlMatching;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.camel.CamelContext;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalManagementPort;

import dev.webhooker.testsupport.GithubWebhooks;

/**
 * The management port: liveness and readiness (which follows the Camel routes), and the Prometheus scrape,
 * whose webhooker meters move by exactly what a few webhooks and deliveries did.
 */
class ProbesAndMetricsIT extends ObservedApp {

    static final HttpClient HTTP = HttpClient.newHttpClient();

    @LocalManagementPort
    int managementPort;

    @Autowired
    CamelContext camel;

    @Autowired
    javax.sql.DataSource dataSource;

    static HttpResponse<String> get(int port, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void probesAreOnTheManagementPortOnly() throws Exception {
        assertThat(get(managementPort, "/actuator/health/liveness").statusCode()).isEqualTo(200);
        HttpResponse<String> ready = get(managementPort, "/actuator/health/readiness");
        assertThat(ready.statusCode()).isEqualTo(200);
        assertThat(ready.body()).contains("\"status\":\"UP\"");
        assertThat(get(port, "/actuator/health").statusCode()).isEqualTo(404);
        assertThat(get(port, "/actuator/prometheus").statusCode()).isEqualTo(404);
        assertThat(get(port, "/health").statusCode()).isEqualTo(200);
    }

    @Test
    void readinessFollowsTheCamelRoutes() throws Exception {
        camel.getRouteController().stopRoute("webhook-global");
        try {
            HttpResponse<String> stopped = get(managementPort, "/actuator/health/readiness");
            assertThat(stopped.statusCode()).isEqualTo(503);
            assertThat(get(managementPort, "/actuator/health/liveness").statusCode()).as("still alive").isEqualTo(200);
        } finally {
            camel.getRouteController().startRoute("webhook-global");
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> get(managementPort, "/actuator/health/readiness").statusCode() == 200);
    }

    @Test
    void readinessAndHealthAreDownWhileAStoredRouteCannotBeRead() throws Exception {
        org.springframework.jdbc.core.JdbcTemplate jdbc = new org.springframework.jdbc.core.JdbcTemplate(dataSource);
        // a route an instance with another key sealed
        new dev.webhooker.store.ConfigRepository(jdbc, new org.springframework.jdbc.datasource.DataSourceTransactionManager(dataSource),
                java.time.Clock.systemUTC(), new dev.webhooker.secrets.SecretBox("a key this instance was not given, 32+ chars", null))
                .addRoute(new dev.webhooker.routing.Route("sealed", "team", "Sealed", true,
                        List.of(new dev.webhooker.routing.Filter("event", List.of("push"), false)), null,
                        List.of(dev.webhooker.platform.slack.SlackTarget.posting(
                                "https://hooks.slack.com/services/T000/B000/XXXX")), false, false, List.of()), () -> { });
        try {
            snapshots.refresh();

            assertThat(get(managementPort, "/actuator/health/readiness").statusCode()).isEqualTo(503);
            assertThat(get(managementPort, "/actuator/health/liveness").statusCode()).as("still alive").isEqualTo(200);
            Thread.sleep(1_100); // /health reuses a report for a second
            HttpResponse<String> health = get(port, "/health");
            assertThat(health.statusCode()).isEqualTo(503);
            assertThat(health.body()).contains("\"config\":\"down\"");
        } finally {
            jdbc.update("DELETE FROM d1_routes WHERE id = 'sealed'");
            snapshots.refresh();
        }
        assertThat(get(managementPort, "/actuator/health/readiness").statusCode()).isEqualTo(200);
    }

    @Test
    void theMetersMoveByWhatHappened() throws Exception {
        String before = scrape();
        byte[] push = uniquePush();
        String id = UUID.randomUUID().toString();
        assertThat(webhook(id, push).statusCode()).isEqualTo(200);
        assertThat(webhook(id, push).body()).contains("duplicate");
        assertThat(GithubWebhooks.post("http://127.0.0.1:" + port + "/webhook", "wrong-secret", "push", UUID.randomUUID().toString(),
                uniquePush()).statusCode()).isEqualTo(401);
        await().atMost(Duration.ofSeconds(10)).until(() -> DISCORD.findAll(postRequestedFor(urlMatching("/channels/.*/messages"))).size() == 1);
        await().atMost(Duration.ofSeconds(10)).until(() -> value(scrape(), "webhooker_deliveries_finished_total", "state=\"delivered\"")
                - value(before, "webhooker_deliveries_finished_total", "state=\"delivered\"") == 1);
        String after = scrape();

        assertThat(delta(before, after, "webhooker_webhooks_total", "outcome=\"accepted\"", "provider=\"github\"")).isEqualTo(1);
        assertThat(delta(before, after, "webhooker_webhooks_total", "outcome=\"duplicate\"", "provider=\"github\"")).isEqualTo(1);
        assertThat(delta(before, after, "webhooker_webhooks_total", "outcome=\"rejected\"", "reason=\"invalid_signature\"")).isEqualTo(1);
        assertThat(delta(before, after, "webhooker_target_attempts_total", "platform=\"discord\"", "outcome=\"delivered\"",
                "error_code=\"none\"")).isEqualTo(1);
        assertThat(after).contains("webhooker_queue_waiting", "webhooker_queue_oldest_due_age_seconds", "webhooker_config_applies_total");
        // camel-micrometer's route timings, labelled by route, and Spring Boot's own meters
        assertThat(after).containsPattern("camel_exchanges_[a-z_]*total\\{[^}]*routeId=\"delivery-claims\"");
        assertThat(after).doesNotContainPattern("camel_exchanges_[a-z_]*total\\{[^}]*routeId=\"ingress\"");
        assertThat(delta(before, after, "webhooker_webhook_seconds_count", "outcome=\"accepted\"")).isEqualTo(1);
        assertThat(after).contains("jvm_memory_used_bytes", "hikaricp_connections").doesNotContain("http_server_requests");
        // no unbounded label values: never a delivery id
        assertThat(after).doesNotContain(id);
    }

    @Test
    void theSeriesAnAlertWatchesAreThereBeforeTheirFirstEvent() throws Exception {
        String scrape = scrape();
        for (String state : List.of("delivered", "failed", "dead")) {
            assertThat(scrape).containsPattern("(?m)^webhooker_deliveries_finished_total\\{[^}]*state=\"" + state + "\"[^}]*} ");
        }
        assertThat(scrape).containsPattern("(?m)^webhooker_webhooks_total\\{[^}]*outcome=\"unavailable\"[^}]*} ")
                .containsPattern("(?m)^webhooker_webhooks_total\\{[^}]*reason=\"invalid_signature\"[^}]*} ")
                .containsPattern("(?m)^webhooker_webhooks_total\\{[^}]*outcome=\"reopened\"[^}]*provider=\"gitea\"[^}]*} ")
                .containsPattern("(?m)^webhooker_prune_failures_total\\{[^}]*part=\"send_logs\"[^}]*} ")
                .containsPattern("(?m)^webhooker_prune_failures_total\\{[^}]*part=\"audit_logs\"[^}]*} ");
    }

    @Test
    void aFailingPlatformShowsAsRetriesAndErrorCodes() throws Exception {
        DISCORD.resetAll();
        DISCORD.stubFor(post(urlMatching("/channels/.*/messages")).willReturn(aResponse().withStatus(503).withBody("{\"message\":\"down\"}")));
        String before = scrape();
        assertThat(webhook(UUID.randomUUID().toString(), uniquePush()).statusCode()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(10)).until(() -> value(scrape(), "webhooker_deliveries_finished_total", "state=\"dead\"")
                - value(before, "webhooker_deliveries_finished_total", "state=\"dead\"") == 1);
        String after = scrape();
        assertThat(delta(before, after, "webhooker_target_retries_total", "platform=\"discord\"")).isEqualTo(1);
        assertThat(delta(before, after, "webhooker_target_attempts_total", "outcome=\"retrying\"", "error_code=\"DISCORD_5XX\"")).isEqualTo(1);
        assertThat(delta(before, after, "webhooker_target_attempts_total", "outcome=\"dead\"", "error_code=\"DISCORD_5XX\"")).isEqualTo(1);
    }

    private String scrape() throws Exception {
        HttpResponse<String> response = get(managementPort, "/actuator/prometheus");
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }

    /** The sum of the samples of {@code name} whose labels contain every one of {@code labels}. */
    static double value(String scrape, String name, String... labels) {
        double sum = 0;
        Matcher m = Pattern.compile("(?m)^" + name + "\\{([^}]*)} ([0-9.eE+-]+)$").matcher(scrape);
        while (m.find()) {
            String found = m.group(1);
            if (List.of(labels).stream().allMatch(found::contains)) {
                sum += Double.parseDouble(m.group(2));
            }
        }
        return sum;
    }

    static double delta(String before, String after, String name, String... labels) {
        return value(after, name, labels) - value(before, name, labels);
    }

}
