package dev.webhooker.operations;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;

import dev.webhooker.platform.webhook.WebhookTarget;
import dev.webhooker.platform.slack.SlackTarget;

/**
 * The booted application sends to a webhook target: the {@code webhook:} component as Spring configures it,
 * WEBHOOK_TARGET_ALLOW letting it reach the fake receiver on loopback, the secret sealed in the database by the
 * application's key, and the delivery's trace going along.
 */
class WebhookTargetAppIT extends ObservedApp {

    static final String HOOK_SECRET = "whsec_" + Base64.getEncoder().encodeToString("booted-app-secret-booted-app-secret".getBytes());

    @DynamicPropertySource
    static void allowLoopback(DynamicPropertyRegistry registry) {
        registry.add("webhooker.platforms.webhook-target-allow", () -> "127.0.0.1");
        registry.add("webhooker.platforms.slack-api-url", () -> DISCORD.baseUrl() + "/slack-api");
        registry.add("webhooker.platforms.slack-token", () -> "xoxb-booted");
    }

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void aPushIsPostedSignedWithItsTraceToTheWebhookTarget() throws Exception {
        repository.replaceAll(List.of(new Group("team", "Team", List.of(), List.of(), List.of(), List.of(), null, true, List.of(), null,
                null, false)), List.of(new Route("hooks", "team", "Hooks", true, List.of(new Filter("event", List.of("push"), false)), null,
                List.of(new WebhookTarget(new WebhookTarget.Webhook(DISCORD.baseUrl() + "/hooks/in", List.of(HOOK_SECRET), null, null, null))),
                false, false, List.of())));
        snapshots.refresh();
        DISCORD.stubFor(post(urlEqualTo("/hooks/in")).willReturn(aResponse().withStatus(204)));
        assertThat(jdbc.queryForObject("SELECT targets FROM d1_routes WHERE id = 'hooks'", String.class))
                .doesNotContain(HOOK_SECRET).contains("\"secrets\":[\"v1:");

        String deliveryId = UUID.randomUUID().toString();
        assertThat(webhook(deliveryId, uniquePush()).statusCode()).isEqualTo(200);

        await().atMost(Duration.ofSeconds(10)).until(() -> !DISCORD.findAll(postRequestedFor(urlEqualTo("/hooks/in"))).isEmpty());
        LoggedRequest call = DISCORD.findAll(postRequestedFor(urlEqualTo("/hooks/in"))).get(0);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(Base64.getDecoder().decode(HOOK_SECRET.substring("whsec_".length())), "HmacSHA256"));
        String signed = call.getHeader("webhook-id") + "." + call.getHeader("webhook-timestamp") + "." + call.getBodyAsString();
        assertThat(call.getHeader("webhook-signature"))
                .isEqualTo("v1," + Base64.getEncoder().encodeToString(mac.doFinal(signed.getBytes(StandardCharsets.UTF_8))));
        assertThat(call.getBodyAsString()).contains("test_run");
        String stored = jdbc.queryForObject("SELECT trace_parent FROM delivery_state WHERE delivery_id = ?", String.class, deliveryId);
        assertThat(call.getHeader("traceparent")).as("the delivery's trace goes on to the receiver")
                .startsWith(stored.substring(0, 35));
        await().atMost(Duration.ofSeconds(10)).until(() -> "delivered".equals(
                jdbc.queryForObject("SELECT status FROM delivery_state WHERE delivery_id = ?", String.class, deliveryId)));
    }

    @Test
    void aPushReachesTheSlackBotThroughTheComponentSpringConfigures() throws Exception {
        repository.replaceAll(List.of(new Group("team", "Team", List.of(), List.of(), List.of(), List.of(), null, true, List.of(), null,
                null, false)), List.of(new Route("chat", "team", "Chat", true, List.of(new Filter("event", List.of("push"), false)), null,
                // Slack and Teams URLs must be https, which the fake platform is not: the bot's API URL is an operator's setting
                List.of(SlackTarget.channel("C0123ABCD", null)),
                false, false, List.of())));
        snapshots.refresh();
        DISCORD.stubFor(post(urlEqualTo("/slack-api/chat.postMessage"))
                .willReturn(com.github.tomakehurst.wiremock.client.WireMock.okJson("{\"ok\":true,\"ts\":\"1700000000.000200\"}")));

        String deliveryId = UUID.randomUUID().toString();
        assertThat(webhook(deliveryId, uniquePush()).statusCode()).isEqualTo(200);

        await().atMost(Duration.ofSeconds(10)).until(() -> "delivered".equals(
                jdbc.queryForObject("SELECT status FROM delivery_state WHERE delivery_id = ?", String.class, deliveryId)));
        LoggedRequest slack = DISCORD.findAll(postRequestedFor(urlEqualTo("/slack-api/chat.postMessage"))).get(0);
        assertThat(slack.getHeader("Authorization")).isEqualTo("Bearer xoxb-booted");
        assertThat(slack.getBodyAsString()).contains("\"channel\":\"C0123ABCD\"").contains("\"blocks\"");
    }
}
