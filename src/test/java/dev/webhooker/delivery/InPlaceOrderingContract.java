package dev.webhooker.delivery;

import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.patch;
import static com.github.tomakehurst.wiremock.client.WireMock.patchRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;

import dev.webhooker.routing.WebhookEvent;
import dev.webhooker.store.DirectoryPayloadStore;
import dev.webhooker.testsupport.TestDatabases;
import dev.webhooker.platform.discord.DiscordTarget;

/**
 * In-place updates in order, on a real database against WireMock Discord, with the real formatter and renderer:
 * workflow_run webhooks delivered out of order never edit the message back to an older state.
 */
abstract class InPlaceOrderingContract {

    static final ObjectMapper JSON = new ObjectMapper();
    static final Duration LEASE = Duration.ofSeconds(30);
    static final String EVENT_ID = "g1:ci:workflow_run:acme/widget:42";

    abstract TestDatabases.Kind kind();

    @TempDir
    Path payloadDir;

    WireMockServer discord;
    DataSource ds;
    JdbcTemplate jdbc;
    EngineHarness engine;
    final Clock clock = Clock.fixed(Instant.parse("2026-11-30T10:00:00Z"), ZoneOffset.UTC);

    @BeforeEach
    void setUp() {
        discord = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        discord.start();
        discord.stubFor(post(urlMatching("/channels/.*/messages")).willReturn(okJson("{\"id\":\"9001\"}")));
        discord.stubFor(patch(urlMatching("/channels/.*/messages/.*")).willReturn(okJson("{\"id\":\"9001\"}")));
        ds = TestDatabases.create(kind());
        jdbc = new JdbcTemplate(ds);

        Group group = new Group("g1", "Team", List.of(), List.of(), List.of(), List.of(), null, true, List.of(), "en",
                null, false);
        Route route = new Route("ci", "g1", "CI", true, List.of(new Filter("event", List.of("workflow_run"), false)),
                null, List.of(new DiscordTarget("111", null)), false, false, List.of());
        engine = new EngineHarness(ds, kind(), clock, "a", discord.baseUrl(), discord.baseUrl(), new OneRoute(group, route),
                new DirectoryPayloadStore(payloadDir), EngineHarness.settings(LEASE));
    }

    @AfterEach
    void tearDown() throws Exception {
        engine.close();
        discord.stop();
        if (ds instanceof AutoCloseable closeable) {
            closeable.close();
        }
    }

    @Test
    void aLateInProgressAfterCompletedIsDeliveredWithoutEditingTheMessageBack() throws Exception {
        deliver("wr-completed", "completed", "2026-11-30T10:05:00Z");
        assertThat(discordPosts()).isEqualTo(1);
        Long completedOrder = storedOrder();
        assertThat(completedOrder).isNotNull();

        String late = deliver("wr-in-progress", "in_progress", "2026-11-30T10:01:00Z");

        assertThat(discordPosts()).as("no second message").isEqualTo(1);
        discord.verify(0, patchRequestedFor(urlMatching("/channels/111/messages/.*")));
        assertThat(status(late)).isEqualTo("delivered");
        assertThat(storedOrder()).as("the message still shows completed").isEqualTo(completedOrder);
        Map<String, Object> log = jdbc.queryForMap("SELECT * FROM send_logs WHERE delivery_id = 'wr-in-progress'");
        assertThat(log).containsEntry("message_id", "9001").containsEntry("error", null).containsEntry("error_code", null);
        assertThat(((Number) log.get("ok")).intValue()).isEqualTo(1);
        JsonNode detail = JSON.readTree((String) log.get("detail"));
        assertThat(detail.path("skipped").asText()).isEqualTo("stale_update");
        assertThat(detail.path("shownOrder").asLong()).isEqualTo(completedOrder);
        assertThat(jdbc.queryForObject("SELECT message_id FROM delivery_targets WHERE delivery_key = ?", String.class, late))
                .isEqualTo("9001");
    }

    @Test
    void inOrderStatesEditTheMessageAndAdvanceTheStoredOrder() {
        deliver("wr-in-progress", "in_progress", "2026-11-30T10:01:00Z");
        Long inProgressOrder = storedOrder();

        String completed = deliver("wr-completed", "completed", "2026-11-30T10:05:00Z");

        assertThat(discordPosts()).isEqualTo(1);
        discord.verify(1, patchRequestedFor(urlEqualTo("/channels/111/messages/9001")));
        assertThat(status(completed)).isEqualTo("delivered");
        assertThat(storedOrder()).isGreaterThan(inProgressOrder);
        assertThat(jdbc.queryForObject("SELECT detail FROM send_logs WHERE delivery_id = 'wr-completed'", String.class)).isNull();
    }

    @Test
    void aStateWithoutTimestampStillEditsAndKeepsTheKnownOrder() {
        deliver("wr-completed", "completed", "2026-11-30T10:05:00Z");
        Long completedOrder = storedOrder();

        deliver("wr-unknown", "in_progress", null);

        discord.verify(1, patchRequestedFor(urlEqualTo("/channels/111/messages/9001")));
        assertThat(storedOrder()).isEqualTo(completedOrder);
    }

    /** Inserts the delivery the way ingress does and runs everything due. */
    private String deliver(String deliveryId, String action, String updatedAt) {
        String status = action.equals("completed") ? "completed" : "in_progress";
        String payload = "{\"action\":\"" + action + "\",\"repository\":{\"full_name\":\"acme/widget\"},"
                + "\"sender\":{\"login\":\"octocat\"},\"workflow_run\":{\"id\":42,\"name\":\"CI\",\"status\":\"" + status + "\""
                + (status.equals("completed") ? ",\"conclusion\":\"success\"" : "")
                + (updatedAt == null ? "" : ",\"updated_at\":\"" + updatedAt + "\"") + "}}";
        String key = "github:g1:" + deliveryId;
        long now = clock.millis();
        jdbc.update("INSERT INTO delivery_state (key, status, updated_at, delivery_id, provider, event, group_id,"
                        + " installation_id, payload, payload_ref, received_at, attempts, next_attempt_at)"
                        + " VALUES (?, 'pending', ?, ?, 'github', 'workflow_run', 'g1', NULL, ?, NULL, ?, 0, ?)",
                key, now, deliveryId, payload, now, now);
        engine.drain();
        return key;
    }

    private int discordPosts() {
        return discord.findAll(postRequestedFor(urlEqualTo("/channels/111/messages"))).size();
    }

    private String status(String key) {
        return jdbc.queryForObject("SELECT status FROM delivery_state WHERE key = ?", String.class, key);
    }

    private Long storedOrder() {
        return jdbc.queryForObject("SELECT source_order FROM message_tracking WHERE event_id = ? AND target_id = '111'",
                Long.class, EVENT_ID);
    }

    private record OneRoute(Group group, Route route) implements RouteCatalog {
        @Override
        public List<Route> matching(WebhookEvent event) {
            return List.of(route);
        }

        @Override
        public Optional<Group> group(String groupId) {
            return Optional.of(group).filter(g -> g.id().equals(groupId));
        }

        @Override
        public Optional<Route> route(String groupId, String routeId) {
            return Optional.of(route).filter(r -> r.id().equals(routeId));
        }

        /** The route is the operator's, so its chats are granted to its group. */
        @Override
        public boolean consents(String groupId, dev.webhooker.routing.Target target) {
            return route.groupId().equals(groupId) && route.targets().contains(target);
        }
    }
}
