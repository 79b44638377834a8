package dev.webhooker;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.testsupport.Fixtures;
import dev.webhooker.testsupport.TestPostgres;

/**
 * "Accepted means durable, even across a SIGKILL" (issue 3): the real application runs as
 * a child JVM, takes signed GitHub webhooks from several senders at once and is killed with SIGKILL while
 * requests are still in flight. Every delivery that was answered 200 must then be found in the database
 * (delivery row + dedup claim), and every parked body in the payload directory.
 *
 * <p>The child runs as an ingress-only instance ({@code DELIVERY_ENABLED=false}): the delivery engine would otherwise pick the rows
 * up and, with no route configured, finish them and delete their parked bodies — which is correct, but
 * would hide what this test looks at.
 */
class SigkillDurabilityIT {

    private static final String SECRET = "sigkill-secret";
    /** Low enough that the larger fixtures (up to ~30 KB) are parked in the payload directory. */
    private static final int INLINE_MAX_BYTES = 16 * 1024;
    private static final int ACKS_BEFORE_KILL = 60;
    private static final int SENDERS = 4;
    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
    private static final ObjectMapper JSON = new ObjectMapper();

    private Process child;
    private Path log;

    @AfterEach
    void killLeftovers() {
        if (child != null && child.isAlive()) {
            child.destroyForcibly();
        }
    }

    @Test
    void embeddedDefaultKeepsEveryAcknowledgedDeliveryAcrossSigkill() throws Exception {
        Path dataDir = Files.createTempDirectory("webhooker-sigkill");
        Map<String, byte[]> acked = runAndKill(dataDir, Map.of());

        DatabaseUrl url = DatabaseUrl.resolve("", null, null, dataDir);
        assertDurable(url.jdbcUrl(), url.user(), url.password(), dataDir, acked);
    }

    @Test
    void postgresqlKeepsEveryAcknowledgedDeliveryAcrossSigkill() throws Exception {
        Path dataDir = Files.createTempDirectory("webhooker-sigkill-pg");
        String database = TestPostgres.newDatabase();
        Map<String, byte[]> acked = runAndKill(dataDir, Map.of(
                "DATABASE_URL", database,
                "DATABASE_USER", TestPostgres.user(),
                "DATABASE_PASSWORD", TestPostgres.password(),
                "WEBHOOKER_SECRET_KEY", "a test key of more than thirty-two characters"));

        assertDurable(database, TestPostgres.user(), TestPostgres.password(), dataDir, acked);
    }

    // ---------------------------------------------------------------- the run

    /** Starts the app, sends webhooks until {@value #ACKS_BEFORE_KILL} are acknowledged, kills it; returns id → body of every 200. */
    private Map<String, byte[]> runAndKill(Path dataDir, Map<String, String> extraEnv) throws Exception {
        int port = freePort();
        start(dataDir, port, extraEnv);
        awaitHealthy(port);

        List<Path> fixtures = githubFixtures();
        Map<String, byte[]> acked = new ConcurrentHashMap<>();
        List<String> unexpected = new CopyOnWriteArrayList<>();
        AtomicInteger next = new AtomicInteger();
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        ExecutorService senders = Executors.newFixedThreadPool(SENDERS);
        try {
            for (int i = 0; i < SENDERS; i++) {
                senders.submit(() -> {
                    // keeps sending until the process is gone: the kill lands while requests are in flight
                    while (child.isAlive()) {
                        Path file = fixtures.get(Math.floorMod(next.getAndIncrement(), fixtures.size()));
                        try {
                            send(http, port, file, acked, unexpected);
                        } catch (IOException e) {
                            // connection refused or reset by the kill: not acknowledged, so nothing is owed
                        } catch (RuntimeException e) {
                            unexpected.add(file + ": " + e);
                        }
                    }
                    return null;
                });
            }
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
            while (acked.size() < ACKS_BEFORE_KILL && child.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(acked).as("acknowledged before the kill; log:%n%s", logTail()).hasSizeGreaterThanOrEqualTo(ACKS_BEFORE_KILL);
            child.destroyForcibly();
            assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        } finally {
            senders.shutdown();
            assertThat(senders.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(unexpected).as("answers other than an acknowledgement").isEmpty();
        // 128 + 9: the JVM died of SIGKILL, so no shutdown hook and no orderly database close ran
        assertThat(child.exitValue()).as(logTail()).isEqualTo(137);
        return Map.copyOf(acked);
    }

    private void send(HttpClient http, int port, Path file, Map<String, byte[]> acked, List<String> unexpected)
            throws IOException, InterruptedException {
        byte[] body = Files.readAllBytes(file);
        String event = file.getParent().getFileName().toString();
        String id = UUID.randomUUID().toString();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/webhook"))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json")
                .header("User-Agent", "GitHub-Hookshot/044aadd")
                .header("X-GitHub-Event", event)
                .header("X-GitHub-Delivery", id)
                .header("X-Hub-Signature-256", "sha256=" + hmac(body))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 200
                && JSON.readTree(response.body()).equals(JSON.readTree("{\"ok\":true,\"deliveryId\":\"" + id + "\"}"))) {
            acked.put(id, body);
        } else {
            // while the process lives, every one of these signed fixtures must be accepted
            unexpected.add(file + " answered " + response.statusCode() + " " + response.body());
        }
    }

    private void start(Path dataDir, int port, Map<String, String> extraEnv) throws IOException {
        Path repo = repositoryRoot();
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        log = dataDir.resolve("child.log");
        ProcessBuilder builder = new ProcessBuilder(java.toString(), "-Xmx384m", "-XX:TieredStopAtLevel=1",
                "-cp", classpath, WebhookerApplication.class.getName())
                .directory(repo.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Map<String, String> env = builder.environment();
        // whatever the test runner's environment configures must not leak into the child
        for (String name : List.of("DATABASE_URL", "DATABASE_USER", "DATABASE_PASSWORD", "REDIS_URL", "S3_BUCKET", "S3_ENDPOINT",
                "WEBHOOKER_CONFIG", "DISCORD_TOKEN", "TELEGRAM_TOKEN", "GITEA_WEBHOOK_SECRET")) {
            env.remove(name);
        }
        env.put("DATA_DIR", dataDir.toString());
        env.put("PORT", Integer.toString(port));
        env.put("MANAGEMENT_PORT", "0");
        env.put("GITHUB_WEBHOOK_SECRET", SECRET);
        env.put("PAYLOAD_INLINE_MAX_BYTES", Integer.toString(INLINE_MAX_BYTES));
        // ingress only: the accepted deliveries stay queued for the test to count
        env.put("DELIVERY_ENABLED", "false");
        env.put("MAINTENANCE_CRON", "0 0 1 1 *");
        // a route that takes every event: deliveries no route selects would be stored as delivered, not queued
        Path config = dataDir.resolve("webhooker.yaml");
        Files.writeString(config, """
                groups:
                  - id: everything
                    name: Everything
                    members: []
                routes:
                  - id: all
                    name: all events
                    groupId: everything
                    enabled: true
                    fallback: true
                    targets:
                      - platform: discord
                        channelId: "111111111111111111"
                """);
        env.put("WEBHOOKER_CONFIG", config.toString());
        env.putAll(extraEnv);
        child = builder.start();
        Process started = child;
        // an aborted test run must not leave the application running
        Runtime.getRuntime().addShutdownHook(new Thread(started::destroyForcibly));
    }

    private void awaitHealthy(int port) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest health = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health"))
                .timeout(Duration.ofSeconds(10)).GET().build();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            assertThat(child.isAlive()).as("the application exited during start-up; log:%n%s", logTail()).isTrue();
            try {
                if (http.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(500);
        }
        throw new AssertionError("GET /health was not 200 within " + START_TIMEOUT + "; log:\n" + logTail());
    }

    // ---------------------------------------------------------------- after the kill

    private static void assertDurable(String jdbcUrl, String user, String password, Path dataDir, Map<String, byte[]> acked)
            throws Exception {
        int parked = 0;
        try (Connection c = DriverManager.getConnection(jdbcUrl, user, password);
             PreparedStatement row = c.prepareStatement(
                     "SELECT status, provider, delivery_id, payload, payload_ref FROM delivery_state WHERE key = ?");
             PreparedStatement claim = c.prepareStatement("SELECT COUNT(*) FROM dedup_keys WHERE key = ?")) {
            for (Map.Entry<String, byte[]> delivery : acked.entrySet()) {
                String key = "github:global:" + delivery.getKey();
                JsonNode sent = JSON.readTree(delivery.getValue());
                row.setString(1, key);
                try (ResultSet rs = row.executeQuery()) {
                    assertThat(rs.next()).as("delivery row of acknowledged %s", key).isTrue();
                    assertThat(rs.getString("status")).isEqualTo("pending");
                    assertThat(rs.getString("delivery_id")).isEqualTo(delivery.getKey());
                    String ref = rs.getString("payload_ref");
                    if (ref == null) {
                        assertThat(JSON.readTree(rs.getString("payload"))).as(key).isEqualTo(sent);
                    } else {
                        parked++;
                        Path file = dataDir.resolve("payloads").resolve(ref);
                        assertThat(file).as("parked body of %s", key).exists();
                        assertThat(JSON.readTree(Files.readAllBytes(file))).as(key).isEqualTo(sent);
                    }
                }
                claim.setString(1, key);
                try (ResultSet rs = claim.executeQuery()) {
                    rs.next();
                    assertThat(rs.getInt(1)).as("dedup claim of acknowledged %s", key).isEqualTo(1);
                }
            }
        }
        assertThat(parked).as("acknowledged deliveries with a parked body").isPositive();
    }

    // ---------------------------------------------------------------- helpers

    private static List<Path> githubFixtures() throws IOException {
        try (Stream<Path> files = Files.walk(Fixtures.root().resolve("github"))) {
            List<Path> all = files.filter(p -> p.toString().endsWith(".json")).sorted().toList();
            assertThat(all).anyMatch(p -> size(p) > INLINE_MAX_BYTES);
            return new ArrayList<>(all);
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String hmac(byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** The app reads routes/*.camel.yaml relative to its working directory: the repository root. */
    private static Path repositoryRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("routes/ingress.camel.yaml"))) {
                return dir;
            }
        }
        throw new IllegalStateException("routes/ingress.camel.yaml not found above " + Path.of("").toAbsolutePath());
    }

    private String logTail() {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
        } catch (IOException | RuntimeException e) {
            return "(no log: " + e + ")";
        }
    }
}
