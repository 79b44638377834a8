package dev.webhooker.delivery;

import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.platform.telegram.TelegramTarget;
import dev.webhooker.queue.ClaimedDelivery;
import dev.webhooker.routing.Route;
import dev.webhooker.store.DirectoryPayloadStore;
import dev.webhooker.testsupport.DeliveryRows;
import dev.webhooker.testsupport.TestDatabases;

/**
 * Two engine instances (own instance id, own workers, own rate-limit state) on one PostgreSQL database,
 * 500 deliveries with two targets each, part of them queued while both are running: every target gets
 * every message exactly once.
 */
class TwoInstancesPostgresIT {

    static final int DELIVERIES = 500;

    WireMockServer discord;
    WireMockServer telegram;
    DataSource ds;
    final List<ExecutorService> pools = new ArrayList<>();
    final AtomicBoolean running = new AtomicBoolean(true);
    @TempDir
    Path dataDir;
    final Map<String, java.util.concurrent.atomic.AtomicInteger> processedBy = new java.util.concurrent.ConcurrentHashMap<>();

    @BeforeEach
    void setUp() {
        discord = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1").containerThreads(20));
        telegram = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1").containerThreads(20));
        discord.start();
        telegram.start();
        discord.stubFor(post(urlMatching("/channels/.*/messages")).willReturn(okJson("{\"id\":\"1\"}")));
        telegram.stubFor(post(urlMatching("/bot123:TEST/.*")).willReturn(okJson("{\"ok\":true,\"result\":{\"message_id\":1}}")));
        ds = TestDatabases.create(TestDatabases.Kind.POSTGRESQL);
    }

    @AfterEach
    void tearDown() throws Exception {
        running.set(false);
        pools.forEach(ExecutorService::shutdownNow);
        EngineHarness.closeAll();
        discord.stop();
        telegram.stop();
        DeliveryEngineContract.close(ds);
    }

    void startInstance(String name, RouteCatalog catalog) {
        DeliveryProperties settings = EngineHarness.settings(Duration.ofSeconds(30));
        EngineHarness engine = new EngineHarness(ds, TestDatabases.Kind.POSTGRESQL, Clock.systemUTC(), name, discord.baseUrl(), telegram.baseUrl(),
                catalog, new DirectoryPayloadStore(dataDir.resolve("payloads")), settings);
        ExecutorService workers = Executors.newFixedThreadPool(settings.workers());
        ExecutorService poller = Executors.newSingleThreadExecutor();
        pools.add(workers);
        pools.add(poller);
        poller.submit(() -> {
            while (running.get()) {
                List<ClaimedDelivery> batch = engine.poller.claimDue();
                processedBy.computeIfAbsent(name, n -> new java.util.concurrent.atomic.AtomicInteger()).addAndGet(batch.size());
                batch.forEach(d -> workers.submit(() -> engine.process(d)));
                if (batch.isEmpty()) {
                    Thread.sleep(20);
                }
            }
            return null;
        });
    }

    @Test
    void everyTargetGetsEveryMessageExactlyOnce() {
        RouteCatalog catalog = EngineHarness.catalog(List.of(), List.of(new Route("all", null, "All", true, List.of(), null,
                List.of(new DiscordTarget("111", null), new TelegramTarget("-100", null)), false, false, List.of())));
        DeliveryRows rows = new DeliveryRows(ds);
        for (int i = 0; i < DELIVERIES / 2; i++) {
            rows.insertPending("github", null, "m" + i, "push", repo(i), null, System.currentTimeMillis());
        }
        startInstance("node-a", catalog);
        startInstance("node-b", catalog);
        for (int i = DELIVERIES / 2; i < DELIVERIES; i++) {
            rows.insertPending("github", null, "m" + i, "push", repo(i), null, System.currentTimeMillis());
        }

        await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(200)).until(() ->
                rows.jdbc().queryForObject("SELECT count(*) FROM delivery_state WHERE status = 'delivered'", Integer.class) == DELIVERIES);

        Map<String, Long> discordByMarker = count(discord.findAll(postRequestedFor(urlEqualTo("/channels/111/messages"))),
                body -> body.path("embeds").path(0).path("title").asText());
        Map<String, Long> telegramByMarker = count(telegram.findAll(postRequestedFor(urlEqualTo("/bot123:TEST/sendMessage"))),
                body -> body.path("text").asText());
        assertThat(discordByMarker).hasSize(DELIVERIES);
        assertThat(discordByMarker.values()).allMatch(n -> n == 1);
        assertThat(telegramByMarker).hasSize(DELIVERIES);
        assertThat(telegramByMarker.values()).allMatch(n -> n == 1);
        assertThat(rows.jdbc().queryForObject("SELECT count(*) FROM send_logs WHERE ok = 1", Integer.class)).isEqualTo(2 * DELIVERIES);
        assertThat(processedBy).as("both instances took work").containsOnlyKeys("node-a", "node-b");
        assertThat(processedBy.values()).allMatch(n -> n.get() > 0);
        assertThat(rows.jdbc().queryForList("SELECT DISTINCT substring(locked_by, 1, 6) FROM delivery_state WHERE locked_by IS NOT NULL",
                String.class)).as("no lease is left behind").isEmpty();
    }

    /** One repository per delivery, so each message's text is its own. */
    private static String repo(int i) {
        return "{\"repository\":{\"full_name\":\"acme/m" + i + "\"}}";
    }

    private static Map<String, Long> count(List<LoggedRequest> requests, Function<JsonNode, String> marker) {
        return requests.stream().map(r -> {
            try {
                return marker.apply(EngineHarness.JSON.readTree(r.getBodyAsString()));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
    }
}
