package dev.webhooker.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.Target;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;
import dev.webhooker.store.PayloadStore;
import dev.webhooker.testsupport.DeliveryRows;
import dev.webhooker.testsupport.Fixtures;
import dev.webhooker.testsupport.LogCapture;
import dev.webhooker.platform.discord.DiscordTarget;

/**
 * The front door over HTTP, with the headers each provider really sends (fixtures/SOURCES.md).
 * Subclasses pick the storage: embedded (H2 + payload directory) or production (PostgreSQL + S3).
 */
abstract class IngressEndpointContract {

    static final String GITHUB_SECRET = "github-global-secret";
    static final String GITEA_SECRET = "gitea-global-secret";
    static final String GROUP_SECRET = "ab".repeat(32);
    static final String GROUP = "team-a";
    static final String REPLAY_GROUP = "team-strict";
    static final String SILENT_GROUP = "team-no-secret";
    static final String UNROUTED_GROUP = "team-no-routes";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    ConfigRepository configRepository;
    @Autowired
    ConfigSnapshots snapshots;
    @Autowired
    KvStore kv;
    @Autowired
    PayloadStore payloads;

    static void commonProperties(org.springframework.test.context.DynamicPropertyRegistry registry) throws Exception {
        Path dataDir = Files.createTempDirectory("webhooker-ingress");
        registry.add("webhooker.data-dir", dataDir::toString);
        registry.add("webhooker.redis-url", () -> "");
        // these tests look at the accepted rows themselves; no worker may pick them up meanwhile
        registry.add("webhooker.delivery.enabled", () -> "false");
        registry.add("webhooker.ingress.github-webhook-secret", () -> GITHUB_SECRET);
        registry.add("webhooker.ingress.gitea-webhook-secret", () -> GITEA_SECRET);
        registry.add("webhooker.ingress.body-timeout", () -> "1500ms");
    }

    /**
     * Every group but {@link #UNROUTED_GROUP} has a route that takes every event, so accepted deliveries are
     * queued for the engine ({@code pending}); one no route selects is stored as delivered at once.
     */
    @BeforeEach
    void groups() {
        if (snapshots.current().group(GROUP).isEmpty()) {
            List<Group> groups = new ArrayList<>();
            List<Route> routes = new ArrayList<>();
            for (String id : List.of(GROUP, REPLAY_GROUP, SILENT_GROUP, UNROUTED_GROUP)) {
                groups.add(new Group(id, id, List.of(), List.of(), List.of(), List.of(), null, true, List.of(), "en", null,
                        id.equals(REPLAY_GROUP)));
                if (!id.equals(UNROUTED_GROUP)) {
                    // a fallback route needs no filter: it fires whenever no other route does
                    routes.add(new Route("all", id, "Everything", true, List.of(), null, List.of(new DiscordTarget("111111111111111111", null)),
                            false, true, List.of()));
                }
            }
            configRepository.replaceAll(groups, routes);
            snapshots.refresh();
        }
        kv.put(KvKeys.TENANT.key(GROUP), GROUP_SECRET, null);
        kv.put(KvKeys.TENANT.key(REPLAY_GROUP), GROUP_SECRET, null);
        kv.put(KvKeys.TENANT.key(UNROUTED_GROUP), GROUP_SECRET, null);
    }

    // ---- helpers ----

    record Reply(int status, JsonNode body, Map<String, List<String>> headers) {
    }

    Reply post(String path, Map<String, String> headers, byte[] body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(request::header);
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        return new Reply(response.statusCode(), JSON.readTree(response.body()), response.headers().map());
    }

    static String hex(String secret, byte[]... parts) throws Exception {
        javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
        mac.init(new javax.crypto.spec.SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        for (byte[] part : parts) {
            mac.update(part);
        }
        return java.util.HexFormat.of().formatHex(mac.doFinal());
    }

    static Map<String, String> githubHeaders(String event, String deliveryId, String secret, byte[] body) throws Exception {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Content-Type", "application/json");
        h.put("User-Agent", "GitHub-Hookshot/044aadd");
        h.put("X-GitHub-Event", event);
        h.put("X-GitHub-Delivery", deliveryId);
        h.put("X-GitHub-Hook-ID", "292430182");
        h.put("X-GitHub-Hook-Installation-Target-Type", "repository");
        h.put("X-GitHub-Hook-Installation-Target-ID", "79929171");
        h.put("X-Hub-Signature-256", "sha256=" + hex(secret, body));
        return h;
    }

    /** X-Gitea-Event-Type per fixture, from the table in SOURCES.md; otherwise equal to the event. */
    static final Map<String, String> GITEA_EVENT_TYPES = Map.of(
            "pull_request/synchronized.json", "pull_request_sync",
            "pull_request/label_updated.json", "pull_request_label",
            "pull_request_approved/reviewed.json", "pull_request_review_approved",
            "pull_request_rejected/reviewed.json", "pull_request_review_rejected",
            "issues/assigned.json", "issue_assign",
            "issues/label_updated.json", "issue_label",
            "issues/milestoned.json", "issue_milestone",
            "issue_comment/created-on-pull.json", "pull_request_comment");

    static Map<String, String> giteaHeaders(String event, String eventType, String deliveryId, String secret, byte[] body) throws Exception {
        String sig = hex(secret, body);
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Content-Type", "application/json");
        for (String vendor : List.of("Gitea", "Gogs", "GitHub")) {
            h.put("X-" + vendor + "-Delivery", deliveryId);
            h.put("X-" + vendor + "-Event", event);
            h.put("X-" + vendor + "-Event-Type", eventType);
        }
        h.put("X-Gitea-Signature", sig);
        h.put("X-Gogs-Signature", sig);
        h.put("X-Hub-Signature-256", "sha256=" + sig);
        h.put("X-Hub-Signature", "sha1=0000000000000000000000000000000000000000");
        return h;
    }

    static List<Path> fixtures(String provider) throws Exception {
        try (Stream<Path> files = Files.walk(Fixtures.root().resolve(provider))) {
            return files.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    Map<String, Object> row(String key) {
        List<Map<String, Object>> rows = jdbc.queryForList("SELECT * FROM delivery_state WHERE key = ?", key);
        assertThat(rows).as("delivery row %s", key).hasSize(1);
        return DeliveryRows.withTextColumns(rows.get(0));
    }

    int count(String sql, Object... args) {
        return jdbc.queryForObject(sql, Integer.class, args);
    }

    static void assertError(Reply reply, int status, String error) {
        assertThat(reply.status()).as(reply.body().toString()).isEqualTo(status);
        assertThat(reply.body().get("error").textValue()).isEqualTo(error);
    }

    // ---- every fixture is accepted and stored ----

    @Test
    void everyGithubFixtureIsAcceptedAndStoredOnTheGlobalEndpoint() throws Exception {
        List<Path> files = fixtures("github");
        assertThat(files).hasSizeGreaterThan(50);
        for (Path file : files) {
            byte[] body = Files.readAllBytes(file);
            String event = file.getParent().getFileName().toString();
            String id = UUID.randomUUID().toString();
            Reply reply = post("/webhook", githubHeaders(event, id, GITHUB_SECRET, body), body);
            assertThat(reply.status()).as(file + " " + reply.body()).isEqualTo(200);
            assertThat(reply.body()).isEqualTo(JSON.readTree("{\"ok\":true,\"deliveryId\":\"" + id + "\"}"));
            Map<String, Object> row = row("github:global:" + id);
            assertThat(row).containsEntry("status", "pending").containsEntry("provider", "github").containsEntry("event", event);
            assertThat(row.get("group_id")).isNull();
            JsonNode stored = JSON.readTree((String) row.get("payload"));
            assertThat(stored).as(file.toString()).isEqualTo(JSON.readTree(body));
            // a GitHub payload is not changed by normalization: the received text itself is stored
            assertThat((String) row.get("payload")).as(file.toString()).isEqualTo(new String(body, StandardCharsets.UTF_8));
            JsonNode installation = stored.path("installation").path("id");
            if (installation.isIntegralNumber()) {
                assertThat(((Number) row.get("installation_id")).longValue()).isEqualTo(installation.longValue());
            }
        }
    }

    @Test
    void everyGiteaFixtureIsAcceptedNormalizedAndStoredOnAGroupEndpoint() throws Exception {
        List<Path> files = fixtures("gitea");
        assertThat(files).hasSizeGreaterThan(25);
        Path root = Fixtures.root().resolve("gitea");
        for (Path file : files) {
            byte[] body = Files.readAllBytes(file);
            String event = file.getParent().getFileName().toString();
            String relative = root.relativize(file).toString().replace('\\', '/');
            String id = UUID.randomUUID().toString();
            Reply reply = post("/webhook/" + GROUP,
                    giteaHeaders(event, GITEA_EVENT_TYPES.getOrDefault(relative, event), id, GROUP_SECRET, body), body);
            assertThat(reply.status()).as(file + " " + reply.body()).isEqualTo(200);
            assertThat(reply.body().get("deliveryId").textValue()).isEqualTo(id);
            Map<String, Object> row = row("gitea:" + GROUP + ":" + id);
            assertThat(row).containsEntry("provider", "gitea").containsEntry("event", event).containsEntry("group_id", GROUP);
            assertThat(row.get("installation_id")).isNull();
            JsonNode stored = JSON.readTree((String) row.get("payload"));
            if (event.equals("push") && stored.hasNonNull("compare_url") && !stored.get("compare_url").asText().isEmpty()) {
                assertThat(stored.has("compare")).as(file.toString()).isTrue();
            }
        }
    }

    @Test
    void giteaOnTheGlobalEndpointUsesTheGiteaSecret() throws Exception {
        byte[] body = Files.readAllBytes(Fixtures.root().resolve("gitea/push/commit.json"));
        String id = UUID.randomUUID().toString();
        assertThat(post("/webhook", giteaHeaders("push", "push", id, GITEA_SECRET, body), body).status()).isEqualTo(200);
        assertError(post("/webhook", giteaHeaders("push", "push", UUID.randomUUID().toString(), GITHUB_SECRET, body), body),
                401, "Invalid signature");
    }

    // ---- custom senders ----

    @Test
    void customReplayModeAcceptsOnceAndRefusesTheReusedNonce() throws Exception {
        byte[] body = "{\"title\":\"Deploy failed\",\"repo\":\"acme/widget\",\"color\":\"red\"}".getBytes(StandardCharsets.UTF_8);
        String ts = Long.toString(Instant.now().getEpochSecond());
        String nonce = "nonce-" + UUID.randomUUID();
        Map<String, String> h = Map.of("Content-Type", "application/json", "X-WebHooker-Timestamp", ts, "X-WebHooker-Nonce", nonce,
                "X-WebHooker-Signature", "sha256=" + hex(GROUP_SECRET, (ts + "." + nonce + ".").getBytes(StandardCharsets.UTF_8), body));
        Reply first = post("/webhook/" + REPLAY_GROUP, h, body);
        assertThat(first.status()).as(first.body().toString()).isEqualTo(200);
        String derived = first.body().get("deliveryId").textValue();
        assertThat(derived).startsWith("sha256-");
        assertThat(row("custom:" + REPLAY_GROUP + ":" + derived)).containsEntry("event", "custom");
        assertError(post("/webhook/" + REPLAY_GROUP, h, body), 401, "Invalid signature");
        assertThat(kv.get(KvKeys.NONCE.key(REPLAY_GROUP + ":" + nonce))).hasValue("1");
    }

    @Test
    void aGroupThatRequiresReplayProtectionRefusesBodyOnlySignatures() throws Exception {
        byte[] body = "{\"title\":\"x\"}".getBytes(StandardCharsets.UTF_8);
        Map<String, String> h = Map.of("X-WebHooker-Signature", "sha256=" + hex(GROUP_SECRET, body));
        Reply refused = post("/webhook/" + REPLAY_GROUP, h, body);
        assertError(refused, 401, "Invalid signature");
        assertThat(refused.body().get("detail").textValue()).contains("X-WebHooker-Nonce");
        assertThat(post("/webhook/" + GROUP, h, body).status()).isEqualTo(200);
    }

    @Test
    void staleTimestampIsRefused() throws Exception {
        byte[] body = "{\"title\":\"x\"}".getBytes(StandardCharsets.UTF_8);
        String ts = Long.toString(Instant.now().getEpochSecond() - 3600);
        Map<String, String> h = Map.of("X-WebHooker-Timestamp", ts, "X-WebHooker-Nonce", "n-stale",
                "X-WebHooker-Signature", "sha256=" + hex(GROUP_SECRET, (ts + ".n-stale.").getBytes(StandardCharsets.UTF_8), body));
        assertError(post("/webhook/" + GROUP, h, body), 401, "Invalid signature");
    }

    @Test
    void standardWebhooksHeadersAreAcceptedAndTheirIdDeduplicates() throws Exception {
        byte[] body = "{\"title\":\"standard\"}".getBytes(StandardCharsets.UTF_8);
        String id = "msg_" + UUID.randomUUID().toString().replace("-", "");
        String ts = Long.toString(Instant.now().getEpochSecond());
        javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
        mac.init(new javax.crypto.spec.SecretKeySpec(GROUP_SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        mac.update((id + "." + ts + ".").getBytes(StandardCharsets.UTF_8));
        String sig = "v1," + java.util.Base64.getEncoder().encodeToString(mac.doFinal(body));
        Map<String, String> h = Map.of("webhook-id", id, "webhook-timestamp", ts, "webhook-signature", sig);
        Reply first = post("/webhook/" + REPLAY_GROUP, h, body);
        assertThat(first.status()).as(first.body().toString()).isEqualTo(200);
        assertThat(first.body().get("deliveryId").textValue()).isEqualTo(id);
        assertThat(post("/webhook/" + REPLAY_GROUP, h, body).body()).isEqualTo(JSON.readTree("{\"ok\":true,\"duplicate\":true}"));
    }

    @Test
    void customPayloadsAreValidated() throws Exception {
        byte[] body = "{\"title\":42}".getBytes(StandardCharsets.UTF_8);
        Reply reply = post("/webhook/" + GROUP, Map.of("X-WebHooker-Signature", "sha256=" + hex(GROUP_SECRET, body)), body);
        assertError(reply, 400, "Invalid event");
        assertThat(reply.body().get("detail").textValue()).contains("'title'");
    }

    // ---- rejections ----

    @Test
    void tamperedBodyAndWrongSecretAre401() throws Exception {
        byte[] body = "{\"zen\":\"Keep it simple\"}".getBytes(StandardCharsets.UTF_8);
        Map<String, String> signed = githubHeaders("ping", UUID.randomUUID().toString(), GITHUB_SECRET, body);
        byte[] tampered = "{\"zen\":\"Keep it simple!\"}".getBytes(StandardCharsets.UTF_8);
        assertError(post("/webhook", signed, tampered), 401, "Invalid signature");
        assertError(post("/webhook", githubHeaders("ping", UUID.randomUUID().toString(), "wrong", body), body), 401, "Invalid signature");
        assertError(post("/webhook/" + GROUP, githubHeaders("ping", UUID.randomUUID().toString(), GITHUB_SECRET, body), body),
                401, "Invalid signature");
    }

    @Test
    void nonJsonArrayJsonAndNumbersAre400() throws Exception {
        for (String text : List.of("not json", "[{\"a\":1}]", "123", "null", "")) {
            byte[] body = text.getBytes(StandardCharsets.UTF_8);
            Reply reply = post("/webhook", githubHeaders("push", UUID.randomUUID().toString(), GITHUB_SECRET, body), body);
            assertError(reply, 400, "Invalid event");
            assertThat(reply.body().get("detail").textValue()).isNotBlank();
        }
    }

    @Test
    void formEncodedBodiesAreVerifiedOverTheRawBytesAndMalformedOnesAre400() throws Exception {
        String id = UUID.randomUUID().toString();
        String json = "{\"zen\":\"Keep it logically awesome.\",\"hook_id\":1}";
        byte[] form = ("payload=" + java.net.URLEncoder.encode(json, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
        Map<String, String> h = new LinkedHashMap<>(githubHeaders("ping", id, GITHUB_SECRET, form));
        h.put("Content-Type", "application/x-www-form-urlencoded");

        Reply accepted = post("/webhook", h, form);

        assertThat(accepted.status()).as(accepted.body().toString()).isEqualTo(200);
        String stored = jdbc.queryForObject("SELECT payload FROM delivery_state WHERE delivery_id = ?", String.class, id);
        assertThat(JSON.readTree(stored).get("zen").asText()).isEqualTo("Keep it logically awesome.");
        // malformed form bodies never reach Camel's form parser, so they get our 400 instead of a bare 500
        for (String text : List.of("{}", "a=b&&c", "payload")) {
            byte[] bad = text.getBytes(StandardCharsets.UTF_8);
            Map<String, String> badHeaders = new LinkedHashMap<>(githubHeaders("ping", UUID.randomUUID().toString(), GITHUB_SECRET, bad));
            badHeaders.put("Content-Type", "application/x-www-form-urlencoded");
            assertError(post("/webhook", badHeaders, bad), 400, "Invalid event");
        }
    }

    @Test
    void missingEventHeadersAre400() throws Exception {
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
        assertError(post("/webhook", Map.of("X-Hub-Signature-256", "sha256=" + hex(GITHUB_SECRET, body)), body), 400,
                "Unknown webhook provider");
        assertError(post("/webhook", Map.of("X-GitLab-Event", "Push Hook"), body), 400, "Unknown webhook provider");
        Map<String, String> emptyEvent = githubHeaders("", UUID.randomUUID().toString(), GITHUB_SECRET, body);
        assertError(post("/webhook", emptyEvent, body), 400, "Invalid event");
    }

    @Test
    void unknownGroupsAndGroupsWithoutSecretGetTheSame404() throws Exception {
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
        Map<String, String> h = githubHeaders("ping", UUID.randomUUID().toString(), GROUP_SECRET, body);
        Reply unknown = post("/webhook/no-such-group", h, body);
        Reply noSecret = post("/webhook/" + SILENT_GROUP, h, body);
        Reply badId = post("/webhook/NOT_A_GROUP", h, body);
        assertError(unknown, 404, "Group not found");
        assertThat(noSecret.status()).isEqualTo(404);
        assertThat(noSecret.body()).isEqualTo(unknown.body());
        assertThat(badId.body()).isEqualTo(unknown.body());
    }

    @Test
    void oversizeBodiesAre413WithOrWithoutContentLength() throws Exception {
        byte[] big = new byte[1024 * 1024 + 1];
        java.util.Arrays.fill(big, (byte) ' ');
        assertError(post("/webhook", githubHeaders("push", UUID.randomUUID().toString(), GITHUB_SECRET, big), big), 413, "Request too large");
        HttpRequest.Builder chunked = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/webhook"))
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big)));
        githubHeaders("push", UUID.randomUUID().toString(), GITHUB_SECRET, big).forEach(chunked::header);
        HttpResponse<String> response = HTTP.send(chunked.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(JSON.readTree(response.body()).get("error").textValue()).isEqualTo("Request too large");
        byte[] exact = new byte[1024 * 1024];
        java.util.Arrays.fill(exact, (byte) ' ');
        exact[0] = '{';
        exact[exact.length - 1] = '}';
        assertThat(post("/webhook", githubHeaders("push", UUID.randomUUID().toString(), GITHUB_SECRET, exact), exact).status()).isEqualTo(200);
    }

    @Test
    void requestHeadersAreNotEchoedAndNoStackTraceLeaks() throws Exception {
        byte[] body = "{".getBytes(StandardCharsets.UTF_8);
        Reply reply = post("/webhook", githubHeaders("push", UUID.randomUUID().toString(), GITHUB_SECRET, body), body);
        assertThat(reply.headers().keySet()).noneMatch(name -> name.toLowerCase().startsWith("x-hub") || name.toLowerCase().startsWith("x-github"));
        assertThat(reply.body().toString()).doesNotContain("Exception").doesNotContain("at dev.");
    }

    // ---- dedup ----

    /**
     * A fixture with a field of its own: a body signed alone is a duplicate when the same body came before on
     * the endpoint (even under another id), so tests that repeat a fixture must not meet each other.
     */
    static byte[] unique(String fixture) throws Exception {
        ObjectNode node = (ObjectNode) JSON.readTree(Files.readAllBytes(Fixtures.root().resolve(fixture)));
        node.put("test_copy", UUID.randomUUID().toString());
        return JSON.writeValueAsBytes(node);
    }

    @Test
    void theSameSignedBodyUnderAFreshIdIsAReplayAndADuplicate() throws Exception {
        byte[] body = unique("github/push/commits.json");
        String first = UUID.randomUUID().toString();
        assertThat(post("/webhook", githubHeaders("push", first, GITHUB_SECRET, body), body).body().has("deliveryId")).isTrue();
        String replayed = UUID.randomUUID().toString();
        Reply again = post("/webhook", githubHeaders("push", replayed, GITHUB_SECRET, body), body);
        assertThat(again.body()).isEqualTo(JSON.readTree("{\"ok\":true,\"duplicate\":true}"));
        assertThat(count("SELECT COUNT(*) FROM delivery_state WHERE delivery_id = ?", replayed)).isZero();
        // the same body on another endpoint is another delivery; one changed byte too
        assertThat(post("/webhook/" + GROUP, githubHeaders("push", replayed, GROUP_SECRET, body), body).body().has("deliveryId")).isTrue();
        byte[] changed = new String(body, StandardCharsets.UTF_8).replace("\"test_copy\":\"", "\"test_copy\":\"x").getBytes(StandardCharsets.UTF_8);
        assertThat(post("/webhook", githubHeaders("push", UUID.randomUUID().toString(), GITHUB_SECRET, changed), changed).body()
                .has("deliveryId")).isTrue();
        // a known id with a body never seen is a duplicate by its id, and leaves no claim for that body behind
        byte[] other = new String(body, StandardCharsets.UTF_8).replace("\"test_copy\":\"", "\"test_copy\":\"y").getBytes(StandardCharsets.UTF_8);
        assertThat(post("/webhook", githubHeaders("push", first, GITHUB_SECRET, other), other).body())
                .isEqualTo(JSON.readTree("{\"ok\":true,\"duplicate\":true}"));
        assertThat(post("/webhook", githubHeaders("push", UUID.randomUUID().toString(), GITHUB_SECRET, other), other).body()
                .has("deliveryId")).isTrue();
    }

    @Test
    void aRedeliveryIsADuplicateAndStoresNothingNew() throws Exception {
        byte[] body = unique("github/ping/ping.json");
        String id = UUID.randomUUID().toString();
        assertThat(post("/webhook", githubHeaders("ping", id, GITHUB_SECRET, body), body).status()).isEqualTo(200);
        Reply again = post("/webhook", githubHeaders("ping", id, GITHUB_SECRET, body), body);
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.body()).isEqualTo(JSON.readTree("{\"ok\":true,\"duplicate\":true}"));
        assertThat(count("SELECT COUNT(*) FROM delivery_state WHERE delivery_id = ?", id)).isEqualTo(1);
        // another scope is another delivery
        assertThat(post("/webhook/" + GROUP, githubHeaders("ping", id, GROUP_SECRET, body), body).body().has("deliveryId")).isTrue();
    }

    @Test
    void fiftyConcurrentPostsOfOneDeliveryGiveOneRow() throws Exception {
        byte[] body = unique("github/issues/opened.json");
        String id = UUID.randomUUID().toString();
        Map<String, String> headers = githubHeaders("issues", id, GITHUB_SECRET, body);
        ExecutorService pool = Executors.newFixedThreadPool(50);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Reply>> replies = new ArrayList<>();
        try {
            for (int i = 0; i < 50; i++) {
                replies.add(pool.submit(() -> {
                    start.await();
                    return post("/webhook", headers, body);
                }));
            }
            start.countDown();
            int accepted = 0;
            int duplicates = 0;
            for (Future<Reply> f : replies) {
                Reply r = f.get();
                assertThat(r.status()).as(r.body().toString()).isEqualTo(200);
                if (r.body().has("duplicate")) {
                    duplicates++;
                } else {
                    accepted++;
                }
            }
            assertThat(accepted).isEqualTo(1);
            assertThat(duplicates).isEqualTo(49);
        } finally {
            pool.shutdownNow();
        }
        assertThat(count("SELECT COUNT(*) FROM delivery_state WHERE delivery_id = ?", id)).isEqualTo(1);
        assertThat(count("SELECT COUNT(*) FROM dedup_keys WHERE key = ?", "github:global:" + id)).isEqualTo(1);
    }

    // ---- claim check ----

    @Test
    void aBodyOverTheInlineThresholdIsParkedAndOnlyItsKeyStored() throws Exception {
        StringBuilder text = new StringBuilder("{\"title\":\"big\",\"description\":\"");
        text.append("x".repeat(70 * 1024)).append("\"}");
        byte[] body = text.toString().getBytes(StandardCharsets.UTF_8);
        Reply reply = post("/webhook/" + GROUP, Map.of("X-WebHooker-Signature", "sha256=" + hex(GROUP_SECRET, body)), body);
        assertThat(reply.status()).as(reply.body().toString()).isEqualTo(200);
        Map<String, Object> row = row("custom:" + GROUP + ":" + reply.body().get("deliveryId").textValue());
        assertThat(row.get("payload")).isNull();
        String ref = (String) row.get("payload_ref");
        assertThat(ref).matches("webhooks/\\d{4}/\\d{2}/\\d{2}/[0-9a-f-]{36}\\.json");
        assertThat(JSON.readTree(payloads.get(ref).orElseThrow())).isEqualTo(JSON.readTree(body));
        // a small one stays inline
        byte[] small = "{\"title\":\"small\"}".getBytes(StandardCharsets.UTF_8);
        Reply smallReply = post("/webhook/" + GROUP, Map.of("X-WebHooker-Signature", "sha256=" + hex(GROUP_SECRET, small)), small);
        assertThat(row("custom:" + GROUP + ":" + smallReply.body().get("deliveryId").textValue()).get("payload_ref")).isNull();
    }

    @Test
    void aDeliveryNoRouteSelectsIsStoredDeliveredAtOnceWithoutItsPayload() throws Exception {
        StringBuilder text = new StringBuilder("{\"title\":\"big\",\"description\":\"");
        text.append("x".repeat(70 * 1024)).append("\"}");
        byte[] big = text.toString().getBytes(StandardCharsets.UTF_8);
        byte[] small = "{\"title\":\"small\"}".getBytes(StandardCharsets.UTF_8);
        int objectsBefore = payloads.list("webhooks/").size();
        for (byte[] body : List.of(big, small)) {
            Map<String, String> headers = Map.of("X-WebHooker-Signature", "sha256=" + hex(GROUP_SECRET, body));
            Reply reply = post("/webhook/" + UNROUTED_GROUP, headers, body);
            assertThat(reply.status()).as(reply.body().toString()).isEqualTo(200);
            String key = "custom:" + UNROUTED_GROUP + ":" + reply.body().get("deliveryId").textValue();
            Map<String, Object> row = row(key);
            assertThat(row).containsEntry("status", "delivered").containsEntry("attempts", 0);
            assertThat(row.get("next_attempt_at")).isNull();
            // nothing will send it: no payload is kept, inline or parked
            assertThat(row.get("payload_ref")).isNull();
            assertThat(row.get("payload")).isNull();
            // still claimed for the dedup window like any accepted delivery
            assertThat(post("/webhook/" + UNROUTED_GROUP, headers, body).body())
                    .isEqualTo(JSON.readTree("{\"ok\":true,\"duplicate\":true}"));
        }
        assertThat(payloads.list("webhooks/")).hasSize(objectsBefore);
    }

    @Test
    void eachAnsweredWebhookIsOneInfoLineWithItsRoutesOrWhyNoneAndTheDeliveryIdInTheMdc() throws Exception {
        byte[] body = unique("github/push/commits.json");
        String routed = UUID.randomUUID().toString();
        byte[] custom = "{\"title\":\"nobody listens\"}".getBytes(StandardCharsets.UTF_8);
        try (LogCapture log = new LogCapture(IngressLog.class)) {
            assertThat(post("/webhook/" + GROUP, githubHeaders("push", routed, GROUP_SECRET, body), body).status()).isEqualTo(200);
            assertThat(post("/webhook/" + GROUP, githubHeaders("push", routed, GROUP_SECRET, body), body).status()).isEqualTo(200);
            Reply unrouted = post("/webhook/" + UNROUTED_GROUP,
                    Map.of("X-WebHooker-Signature", "sha256=" + hex(GROUP_SECRET, custom)), custom);
            String unroutedId = unrouted.body().get("deliveryId").textValue();

            assertThat(log.lines()).containsExactly(
                    "INFO Accepted github push " + routed + " on /webhook/" + GROUP + ": routes " + GROUP + "/all",
                    "INFO Duplicate github push " + routed + " on /webhook/" + GROUP + ": accepted before, not delivered again",
                    "INFO Accepted custom custom " + unroutedId + " on /webhook/" + UNROUTED_GROUP
                            + ": no route selected it, nothing is sent (group \"" + UNROUTED_GROUP + "\" has no route)");
            assertThat(log.mdc()).extracting(m -> m.get("deliveryId")).containsExactly(routed, routed, unroutedId);
            assertThat(String.join("\n", log.lines())).doesNotContain(GROUP_SECRET).doesNotContain("nobody listens");
        }
    }

    // ---- hostile input ----

    /** A raw HTTP/1.1 exchange: what the server wrote until it closed the connection or {@code holdOpen} passed. */
    String raw(String request, byte[] bodyStart, Duration holdOpen) throws Exception {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port)) {
            socket.setSoTimeout((int) holdOpen.toMillis());
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().write(bodyStart);
            socket.getOutputStream().flush();
            long started = System.nanoTime();
            java.io.ByteArrayOutputStream answer = new java.io.ByteArrayOutputStream();
            byte[] buffer = new byte[4096];
            int n;
            try {
                while ((n = socket.getInputStream().read(buffer)) >= 0) {
                    answer.write(buffer, 0, n);
                    if (Duration.ofNanos(System.nanoTime() - started).compareTo(holdOpen) > 0) {
                        break;
                    }
                }
            } catch (java.net.SocketTimeoutException | java.net.SocketException ended) {
                // the server stopped talking or reset the connection after its answer
            }
            return answer.toString(StandardCharsets.ISO_8859_1);
        }
    }

    @Test
    void pathsThatAreNotWrittenPlainlyAre400AndNeverReachARouteOrBufferTheBody() throws Exception {
        // a 3 MB body is declared and only its first kilobyte sent: the answer must come within a second, without the
        // rest. The connection stays open after the answer (the rest of the declared body is still awaited), so the
        // read ends at the second. A client that writes the whole body before reading races the server, which stops
        // reading: its write can fail with a broken pipe before the answer is read (seen on CI).
        byte[] start = new byte[1024];
        java.util.Arrays.fill(start, (byte) ' ');
        for (String path : List.of("/%77ebhook", "/webhook;x=1", "/webhook;x=1/rel", "/webhook/%74eam-a", "/webhook//", "/./webhook")) {
            String answer = raw("POST " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + 3 * 1024 * 1024 + "\r\n\r\n", start, Duration.ofSeconds(1));
            assertThat(answer).as(path).startsWith("HTTP/1.1 400").contains("\"error\":\"Bad request\"");
        }
        byte[] form = "payload=%ZZ".getBytes(StandardCharsets.UTF_8);
        Map<String, String> headers = new LinkedHashMap<>(githubHeaders("push", UUID.randomUUID().toString(), GITHUB_SECRET, form));
        headers.put("Content-Type", "application/x-www-form-urlencoded");
        assertThat(post("/webhook", headers, form).status()).isEqualTo(400);
    }

    @Test
    void anyPathRefusesADeclaredBodyOverTheLimitBeforeReadingIt() throws Exception {
        String answer = raw("POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: 67108864\r\n\r\n", new byte[0], Duration.ofSeconds(2));
        assertThat(answer).startsWith("HTTP/1.1 413").contains("{\"error\":\"Request too large\"");
    }

    @Test
    void aBodyThatStopsArrivingIsOne408AndOthersAreServedMeanwhile() throws Exception {
        java.util.concurrent.CompletableFuture<String> stalled = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return raw("POST /webhook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-GitHub-Event: push\r\n"
                        + "Content-Length: 100\r\n\r\n", "{\"ref\":".getBytes(StandardCharsets.UTF_8), Duration.ofSeconds(8));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(300);
        byte[] body = unique("github/push/commits.json");
        assertThat(post("/webhook", githubHeaders("push", UUID.randomUUID().toString(), GITHUB_SECRET, body), body).status())
                .as("a normal webhook while another body is stalled").isEqualTo(200);

        String answer = stalled.join();
        assertThat(answer).startsWith("HTTP/1.1 408");
        assertThat(answer.split("HTTP/1.1 ", -1)).as("one response, nothing after it: " + answer).hasSize(2);
        String json = answer.substring(answer.indexOf("\r\n\r\n") + 4);
        assertThat(JSON.readTree(json).get("error").textValue()).isEqualTo("Request timeout");
    }

    @Test
    void deepNestingAndLongNumbersAre400WithTheLimitNamed() throws Exception {
        byte[] deep = ("{\"a\":" + "[".repeat(1500) + "]".repeat(1500) + "}").getBytes(StandardCharsets.UTF_8);
        Reply nested = post("/webhook", githubHeaders("push", UUID.randomUUID().toString(), GITHUB_SECRET, deep), deep);
        assertError(nested, 400, "Invalid event");
        assertThat(nested.body().get("detail").textValue()).isEqualTo("the JSON nests deeper than 1000 levels");
        byte[] number = ("{\"a\":" + "7".repeat(2000) + "}").getBytes(StandardCharsets.UTF_8);
        Reply longNumber = post("/webhook", githubHeaders("push", UUID.randomUUID().toString(), GITHUB_SECRET, number), number);
        assertError(longNumber, 400, "Invalid event");
        assertThat(longNumber.body().get("detail").textValue()).startsWith("the JSON has a number longer than");
    }

    @Test
    void errorsTomcatAnswersItselfAndTheErrorPathAreJson() throws Exception {
        String badRequestLine = raw("GET /a{b} HTTP/1.1\r\nHost: x\r\n\r\n", new byte[0], Duration.ofSeconds(2));
        assertThat(badRequestLine).startsWith("HTTP/1.1 400").contains("application/json").contains("{\"error\":\"Bad Request\"}");
        HttpResponse<String> error = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/error")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(error.statusCode()).isEqualTo(404);
        assertThat(error.body()).isEqualTo("{\"error\":\"Not Found\"}");
    }

    // ---- installation provisioning ----

    @Test
    void installationCreatedProvisionsOnlyOnTheGlobalEndpoint() throws Exception {
        // an installation id of its own: the fixture's own id is provisioned by the every-fixture test
        long installationId = 1_000_000_000L + new java.util.Random().nextInt(1_000_000_000);
        ObjectNode created = (ObjectNode) JSON.readTree(Files.readAllBytes(Fixtures.root().resolve("github/installation/created.json")));
        ((ObjectNode) created.path("installation")).put("id", installationId);
        byte[] body = JSON.writeValueAsBytes(created);
        assertThat(post("/webhook/" + GROUP, githubHeaders("installation", UUID.randomUUID().toString(), GROUP_SECRET, body), body).status())
                .isEqualTo(200);
        assertThat(snapshots.refresh().groups()).noneMatch(g -> Long.valueOf(installationId).equals(g.installationId()));
        assertThat(post("/webhook", githubHeaders("installation", UUID.randomUUID().toString(), GITHUB_SECRET, body), body).status())
                .isEqualTo(200);
        assertThat(snapshots.refresh().groups()).anyMatch(g -> Long.valueOf(installationId).equals(g.installationId()));
        String group = "inst-" + installationId;
        assertThat(count("SELECT COUNT(*) FROM audit_logs WHERE action = 'installation.created' AND target_type = 'group' "
                + "AND target_id = ? AND group_id = ? AND actor_login = 'Codertocat'", group, group)).isEqualTo(1);

        // the App is uninstalled: the binding goes, again only through the global endpoint
        ObjectNode deleted = (ObjectNode) JSON.readTree(Files.readAllBytes(Fixtures.root().resolve("github/installation/deleted.json")));
        ((ObjectNode) deleted.path("installation")).put("id", installationId);
        byte[] deletedBody = JSON.writeValueAsBytes(deleted);
        assertThat(post("/webhook/" + GROUP, githubHeaders("installation", UUID.randomUUID().toString(), GROUP_SECRET, deletedBody),
                deletedBody).status()).isEqualTo(200);
        assertThat(snapshots.refresh().group(group).orElseThrow().installationId()).isEqualTo(installationId);
        assertThat(post("/webhook", githubHeaders("installation", UUID.randomUUID().toString(), GITHUB_SECRET, deletedBody),
                deletedBody).status()).isEqualTo(200);
        assertThat(snapshots.refresh().groups()).noneMatch(g -> Long.valueOf(installationId).equals(g.installationId()));
        assertThat(count("SELECT COUNT(*) FROM audit_logs WHERE action = 'installation.deleted' AND target_id = ? AND group_id = ?",
                group, group)).isEqualTo(1);
    }
}
