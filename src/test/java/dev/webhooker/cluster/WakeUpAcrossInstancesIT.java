package dev.webhooker.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.webhooker.testsupport.Fixtures;
import dev.webhooker.testsupport.GithubWebhooks;
import dev.webhooker.testsupport.TestPostgres;

/**
 * Two instances on one PostgreSQL: an ingress-only one ({@code DELIVERY_ENABLED=false}) takes the webhooks, and the
 * delivering one, whose poll interval is two minutes, still sends each within seconds, woken by the ingress's
 * {@code NOTIFY}; also after its listening connection was terminated on the server.
 */
class WakeUpAcrossInstancesIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SECRET = "wake-up-secret";
    private static final Duration POLL_INTERVAL = Duration.ofMinutes(2);
    /** Far below the poll interval; leaves room for a cold JVM's first send on two busy cores. */
    private static final Duration PROMPTLY = Duration.ofSeconds(5);

    private final List<AppProcess> processes = new CopyOnWriteArrayList<>();

    @AfterEach
    void stopAll() {
        processes.forEach(AppProcess::close);
    }

    @Test
    void theInstanceThatDidNotTakeTheWebhookDeliversItAtOnceAndAgainAfterItsListenerWasKilled() throws Exception {
        Path dir = Files.createTempDirectory("webhooker-wake-up");
        String run = UUID.randomUUID().toString().substring(0, 8);
        String database = TestPostgres.newDatabase();
        try (FakePlatforms platforms = new FakePlatforms()) {
            Map<String, String> shared = new HashMap<>();
            shared.put("DATABASE_URL", database);
            shared.put("DATABASE_USER", TestPostgres.user());
            shared.put("DATABASE_PASSWORD", TestPostgres.password());
            shared.put("WEBHOOKER_SECRET_KEY", "a wake-up key of more than thirty-two characters");
            shared.put("GITHUB_WEBHOOK_SECRET", SECRET);
            shared.put("TELEGRAM_TOKEN", "1:" + run);
            shared.put("TELEGRAM_SYNC_CRON", "0 0 1 1 *");
            shared.put("DISCORD_SYNC_CRON", "0 0 1 1 *");
            shared.put("MAINTENANCE_CRON", "0 0 1 1 *");
            shared.put("AUDIT_PRUNE_CRON", "0 0 1 1 *");
            shared.put("BASE_URL", "https://webhooker.example.com");
            shared.put("DELIVERY_POLL_INTERVAL", POLL_INTERVAL.toSeconds() + "s");
            Path config = dir.resolve("webhooker.yaml");
            Files.writeString(config, """
                    groups:
                      - id: wake
                        name: Wake
                        members: []
                    routes:
                      - id: all
                        name: all
                        groupId: wake
                        enabled: true
                        filters:
                          - type: repo
                            match: "org/wake"
                        targets:
                          - platform: telegram
                            chatId: "9001"
                    """);
            shared.put("WEBHOOKER_CONFIG", config.toString());

            AppProcess ingress = start("ingress", dir, shared, platforms, Map.of("DELIVERY_ENABLED", "false"));
            ingress.awaitHealthy();
            // started second, so its first poll is just behind it and the next one two minutes away
            AppProcess deliverer = start("deliverer", dir, shared, platforms, Map.of());
            deliverer.awaitHealthy();
            int listening = awaitOneListener(database, -1, deliverer);
            // past its first poll (a second after its routes start), so only a wake-up can be quicker than the next one
            Thread.sleep(3000);

            assertThat(sendAndTimeDelivery(ingress, platforms, 1)).isLessThan(PROMPTLY);

            terminate(database, listening);
            awaitOneListener(database, listening, deliverer);

            assertThat(sendAndTimeDelivery(ingress, platforms, 2)).isLessThan(PROMPTLY);
            assertThat(deliverer.logText()).contains("not listening for other instances' new deliveries")
                    .contains("listening for other instances' new deliveries again");
        }
    }

    private AppProcess start(String name, Path dir, Map<String, String> shared, FakePlatforms platforms,
                             Map<String, String> own) throws Exception {
        Map<String, String> settings = new HashMap<>(shared);
        settings.put("TELEGRAM_API_URL", platforms.telegramUrl(name));
        settings.put("DISCORD_API_URL", platforms.discordUrl(name));
        settings.putAll(own);
        AppProcess process = AppProcess.start(name, dir, settings);
        processes.add(process);
        return process;
    }

    /** Posts webhook {@code n} to {@code to}; how long until its message reached the Telegram chat. */
    private static Duration sendAndTimeDelivery(AppProcess to, FakePlatforms platforms, int n) throws Exception {
        ObjectNode event = (ObjectNode) JSON.readTree(Files.readAllBytes(Fixtures.root().resolve("github/issues/opened.json")));
        ((ObjectNode) event.path("issue")).put("title", "wake-" + n + "-end").put("number", n);
        ((ObjectNode) event.path("repository")).put("full_name", "org/wake").put("name", "wake");
        long sent = System.nanoTime();
        HttpResponse<String> answer = GithubWebhooks.post(to.url("/webhook"), SECRET, "issues", UUID.randomUUID().toString(),
                JSON.writeValueAsBytes(event));
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        long deadline = sent + POLL_INTERVAL.toNanos() / 2;
        while (System.nanoTime() < deadline) {
            for (FakePlatforms.Message message : platforms.messages()) {
                if (message.body().contains("wake-" + n + "-end")) {
                    assertThat(message.instance()).isEqualTo("deliverer");
                    Duration took = Duration.ofNanos(message.receivedNanos() - sent);
                    System.out.printf("wake-up: webhook %d delivered by the other instance after %d ms%n", n, took.toMillis());
                    return took;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("webhook " + n + " was not delivered within half the poll interval");
    }

    /**
     * The pid of the one listening connection on the database, other than {@code not}: the ingress-only instance
     * has none.
     */
    private static int awaitOneListener(String database, int not, AppProcess deliverer) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (true) {
            List<Integer> pids = listenerPids(database);
            assertThat(pids).as("listening connections").hasSizeLessThanOrEqualTo(1);
            if (pids.size() == 1 && pids.get(0) != not) {
                return pids.get(0);
            }
            assertThat(System.nanoTime()).as("a listener within 20 s; log:%n%s", deliverer.logTail()).isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    private static List<Integer> listenerPids(String database) throws Exception {
        try (Connection c = DriverManager.getConnection(database, TestPostgres.user(), TestPostgres.password());
             PreparedStatement query = c.prepareStatement("SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
                     + " AND application_name = 'webhooker-delivery-listener'")) {
            List<Integer> pids = new ArrayList<>();
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    pids.add(rows.getInt(1));
                }
            }
            return pids;
        }
    }

    private static void terminate(String database, int pid) throws Exception {
        try (Connection c = DriverManager.getConnection(database, TestPostgres.user(), TestPostgres.password());
             PreparedStatement kill = c.prepareStatement("SELECT pg_terminate_backend(?)")) {
            kill.setInt(1, pid);
            try (ResultSet rows = kill.executeQuery()) {
                assertThat(rows.next() && rows.getBoolean(1)).isTrue();
            }
        }
    }
}
