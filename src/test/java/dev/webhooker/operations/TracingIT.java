package dev.webhooker.operations;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlMatching;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.delivery.TargetSteps;
import dev.webhooker.ingress.IngressLog;
import dev.webhooker.testsupport.LogCapture;

/** One trace per delivery: the ingress log line, the delivery row, the engine's log line and the platform call share its id. */
class TracingIT extends ObservedApp {

    static final Pattern TRACE_PARENT = Pattern.compile("00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]");

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void theWebhooksTraceReachesThePlatformCallAndEveryLogLine() throws Exception {
        // Discord refuses: the engine then logs the failed target, inside the delivery's trace
        DISCORD.stubFor(post(urlMatching("/channels/.*/messages")).willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json").withBody("{\"message\":\"Unknown Channel\",\"code\":10003}")));

        String first;
        String second;
        try (LogCapture ingress = new LogCapture(IngressLog.class); LogCapture engine = new LogCapture(TargetSteps.class)) {
            first = UUID.randomUUID().toString();
            second = UUID.randomUUID().toString();
            assertThat(webhook(first, uniquePush()).statusCode()).isEqualTo(200);
            await().atMost(Duration.ofSeconds(10)).until(() -> engine.lines().size() == 1);
            assertThat(webhook(second, uniquePush()).statusCode()).isEqualTo(200);
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

}
