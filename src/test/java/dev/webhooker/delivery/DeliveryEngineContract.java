package dev.webhooker.delivery;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.patch;
import static com.github.tomakehurst.wiremock.client.WireMock.patchRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.platform.slack.SlackTarget;
import dev.webhooker.platform.teams.TeamsTarget;
import dev.webhooker.platform.telegram.TelegramTarget;
import dev.webhooker.platform.webhook.WebhookTarget;
import dev.webhooker.queue.ClaimedDelivery;
import dev.webhooker.queue.DeliveryTarget;
import dev.webhooker.queue.DeliveryTargets;
import dev.webhooker.queue.TargetStatus;
import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.Target;
import dev.webhooker.store.PayloadKeys;
import dev.webhooker.store.PayloadStore;
import dev.webhooker.testsupport.DeliveryRows;
import dev.webhooker.testsupport.LogCapture;
import dev.webhooker.testsupport.TestClock;
import dev.webhooker.testsupport.TestDatabases;

/**
 * The engine on a real database (H2 and PostgreSQL) against WireMock Discord and Telegram, driven by
 * inserting delivery_state rows the way ingress does. Routing, formatting and rendering are the real
 * classes, so message text is whatever the formatter makes of the payload: the tests assert on facts it
 * must carry (the repository in the title, the route and target names in the group log).
 */
abstract class DeliveryEngineContract {

    static final Duration LEASE = Duration.ofSeconds(30);
    static final String PUSH = "{\"ref\":\"refs/heads/main\",\"commits\":[],\"repository\":{\"full_name\":\"%s\"},"
            + "\"sender\":{\"login\":\"octocat\"}}";

    abstract TestDatabases.Kind kind();

    /** The payload store this database is deployed with (embedded: a directory; production: S3). */
    abstract PayloadStore payloadStore(Path dataDir);

    @TempDir
    Path dataDir;

    WireMockServer discord;
    WireMockServer telegram;
    DataSource ds;
    TestClock clock;
    DeliveryRows rows;
    PayloadStore payloads;
    Group group;
    RouteCatalog catalog;

    @BeforeEach
    void setUp() {
        discord = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        telegram = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        discord.start();
        telegram.start();
        discord.stubFor(post(urlMatching("/channels/.*/messages")).willReturn(okJson("{\"id\":\"9001\"}")));
        discord.stubFor(patch(urlMatching("/channels/.*/messages/.*")).willReturn(okJson("{\"id\":\"9001\"}")));
        telegram.stubFor(post(urlMatching("/bot123:TEST/.*"))
                .willReturn(okJson("{\"ok\":true,\"result\":{\"message_id\":77}}")));
        ds = TestDatabases.create(kind());
        clock = new TestClock(Instant.parse("2026-11-30T10:00:00Z"));
        rows = new DeliveryRows(ds);
        payloads = payloadStore(dataDir);
        group = new Group("g1", "Team", null, null, null, null, null, true, null, "en", new DiscordTarget("999", null), false);
        catalog = EngineHarness.catalog(List.of(group), List.of(
                new Route("r1", "g1", "Push Route", true, List.of(new Filter("event", List.of("push", "workflow_run"), false)),
                        null, List.of(new DiscordTarget("111", null), new TelegramTarget("-100", "7")), false, false, List.of("55")),
                new Route("r2", "g1", "Second", true, List.of(new Filter("event", List.of("push"), false)),
                        null, List.of(new DiscordTarget("222", null)), false, false, List.of())));
    }

    @AfterEach
    void tearDown() throws Exception {
        EngineHarness.closeAll();
        discord.stop();
        telegram.stop();
        close(ds);
    }

    static void close(DataSource ds) throws Exception {
        if (ds instanceof AutoCloseable closeable) {
            closeable.close();
        }
    }

    EngineHarness engine(String instance) {
        return new EngineHarness(ds, kind(), clock, instance, discord.baseUrl(), telegram.baseUrl(), catalog, payloads,
                EngineHarness.settings(LEASE));
    }

    String push(String deliveryId) {
        return rows.insertPending("github", "g1", deliveryId, "push", PUSH.formatted("acme/widget"), null, clock.millis());
    }

    int discordPosts(String channel) {
        return discord.findAll(postRequestedFor(urlEqualTo("/channels/" + channel + "/messages"))).size();
    }

    int telegramCalls(String method) {
        return telegram.findAll(postRequestedFor(urlEqualTo("/bot123:TEST/" + method))).size();
    }

    Map<String, Object> target(String key, String targetId) {
        return rows.jdbc().queryForMap("SELECT * FROM delivery_targets WHERE delivery_key = ? AND target_id = ?", key, targetId);
    }

    Map<String, Object> routeTarget(String key, String routeId, String targetId) {
        return rows.jdbc().queryForMap("SELECT * FROM delivery_targets WHERE delivery_key = ? AND route_id = ? AND target_id = ?",
                key, routeId, targetId);
    }

    List<Map<String, Object>> sendLogs(String deliveryId) {
        return rows.jdbc().queryForList("SELECT * FROM send_logs WHERE delivery_id = ? ORDER BY id", deliveryId);
    }

    /** Each target's send_logs rows in the order written, described by {@code describe}. */
    Map<String, List<String>> attemptsByTarget(String deliveryId, Function<Map<String, Object>, String> describe) {
        return sendLogs(deliveryId).stream().collect(Collectors.groupingBy(r -> (String) r.get("target"), LinkedHashMap::new,
                Collectors.mapping(describe, Collectors.toList())));
    }

    @Test
    void deliversTheRenderedMessageToEveryTargetAndLogsEveryField() {
        String key = push("d1");

        engine("a").drain();

        discord.verify(1, postRequestedFor(urlEqualTo("/channels/111/messages"))
                .withRequestBody(matchingJsonPath("$.embeds[0].title", containing("acme/widget")))
                .withRequestBody(matchingJsonPath("$.content", containing("<@&55>")))
                .withHeader("Authorization", com.github.tomakehurst.wiremock.client.WireMock.equalTo("Bot bot-token")));
        discord.verify(1, postRequestedFor(urlEqualTo("/channels/222/messages")));
        telegram.verify(1, postRequestedFor(urlEqualTo("/bot123:TEST/sendMessage"))
                .withRequestBody(matchingJsonPath("$.chat_id", com.github.tomakehurst.wiremock.client.WireMock.equalTo("-100")))
                .withRequestBody(matchingJsonPath("$.message_thread_id", com.github.tomakehurst.wiremock.client.WireMock.equalTo("7")))
                .withRequestBody(matchingJsonPath("$.parse_mode", com.github.tomakehurst.wiremock.client.WireMock.equalTo("HTML"))));
        assertThat(rows.status(key)).isEqualTo("delivered");

        List<Map<String, Object>> logs = sendLogs("d1");
        // the targets are sent in parallel: their rows are in commit order
        assertThat(logs).extracting(r -> r.get("target")).containsExactlyInAnyOrder("111", "-100/7", "222");
        Map<String, Object> first = logs.stream().filter(r -> "111".equals(r.get("target"))).findFirst().orElseThrow();
        assertThat(first).containsEntry("route_id", "r1").containsEntry("event", "push").containsEntry("repo", "acme/widget")
                .containsEntry("platform", "discord").containsEntry("actor", "octocat").containsEntry("group_id", "g1")
                .containsEntry("message_id", "9001");
        assertThat(((Number) first.get("ok")).intValue()).isEqualTo(1);
        assertThat(((Number) first.get("status")).intValue()).isEqualTo(200);
        assertThat(((Number) first.get("attempts")).intValue()).isEqualTo(1);
        assertThat(((Number) first.get("ts")).longValue()).isEqualTo(clock.millis());
        assertThat(first.get("duration_ms")).isNotNull();
        assertThat(first.get("error_code")).isNull();

        // the group log: once, lines in route then target order
        discord.verify(1, postRequestedFor(urlEqualTo("/channels/999/messages"))
                .withRequestBody(matchingJsonPath("$.embeds[0].title", containing("acme/widget")))
                .withRequestBody(matchingJsonPath("$.embeds[0].fields[0].value",
                        com.github.tomakehurst.wiremock.client.WireMock.equalTo(
                                "✅ Push Route → 111\n✅ Push Route → -100/7\n✅ Second → 222"))));

        clock.advance(Duration.ofHours(1));
        engine("b").drain();
        assertThat(discordPosts("111")).isEqualTo(1);
        assertThat(discordPosts("999")).isEqualTo(1);
    }

    @Test
    void aChatThatHasNotClaimedTheGroupGetsNothingAndTheTargetSaysWhy() {
        // only the Telegram chat of r1 consented to g1: the Discord channels and the log channel did not
        catalog = EngineHarness.catalog(List.of(group), List.of(
                new Route("r1", "g1", "Push Route", true, List.of(new Filter("event", List.of("push"), false)),
                        null, List.of(new DiscordTarget("111", null), new TelegramTarget("-100", "7")), false, false, List.of())),
                dev.webhooker.routing.ChatConsent.of(List.of(new dev.webhooker.routing.ChatClaim("g1", "telegram",
                        "-100", null, dev.webhooker.routing.ChatClaim.Via.CHAT, "telegram:5", 0))));
        String key = push("d-held");

        engine("a").drain();

        assertThat(discordPosts("111")).isZero();
        assertThat(discordPosts("999")).as("the group log's channel did not consent either").isZero();
        assertThat(telegramCalls("sendMessage")).isEqualTo(1);
        assertThat(target(key, "111")).containsEntry("status", "failed").containsEntry("error_code", "CHAT_NOT_CLAIMED");
        assertThat((String) target(key, "111").get("last_error")).contains("/gh claim");
        assertThat(target(key, "-100/7")).containsEntry("status", "delivered");
    }

        @Test
    void atShutdownTheClaimsNoWorkerStartedGoBackAndAnotherInstanceSendsThemOnce() {
        String ran = push("ran");
        String queued = push("queued");
        EngineHarness stopping = engine("a");
        List<ClaimedDelivery> claimed = stopping.poller.claimDue();
        assertThat(claimed).extracting(ClaimedDelivery::key).containsExactlyInAnyOrder(ran, queued);
        ClaimedDelivery started = claimed.stream().filter(c -> c.key().equals(ran)).findFirst().orElseThrow();
        ClaimedDelivery notStarted = claimed.stream().filter(c -> c.key().equals(queued)).findFirst().orElseThrow();
        stopping.process(started);

        assertThat(stopping.poller.stop()).as("the one no worker started").isEqualTo(1);
        stopping.process(notStarted); // the work queue hands it over after all: it is not this instance's any more
        assertThat(stopping.poller.claimDue()).as("a stopping instance claims nothing").isEmpty();
        assertThat(rows.status(queued)).isEqualTo("pending");

        // no lease to wait for: the other instance takes it at once (the clock has not moved)
        engine("b").drain();
        assertThat(rows.status(ran)).isEqualTo("delivered");
        assertThat(rows.status(queued)).isEqualTo("delivered");
        assertThat(discordPosts("111")).as("each delivery once").isEqualTo(2);
        assertThat(telegramCalls("sendMessage")).isEqualTo(2);
    }

    @Test
    void aFailingSendLogInsertNeitherFailsNorRollsBackTheTargetOutcomes() {
        // the log insert now shares each target's transaction (under a savepoint): break it on purpose
        rows.jdbc().execute("ALTER TABLE send_logs RENAME TO send_logs_away");
        String key = push("d-nolog");

        engine("a").drain();

        assertThat(rows.status(key)).isEqualTo("delivered");
        assertThat(target(key, "111")).containsEntry("status", "delivered").containsEntry("message_id", "9001");
        assertThat(target(key, "222")).containsEntry("status", "delivered");
        assertThat(target(key, "-100/7")).containsEntry("status", "delivered");

        clock.advance(Duration.ofHours(1));
        engine("b").drain();
        assertThat(discordPosts("111")).isEqualTo(1);
        assertThat(discordPosts("222")).isEqualTo(1);
        assertThat(telegramCalls("sendMessage")).isEqualTo(1);
        rows.jdbc().execute("ALTER TABLE send_logs_away RENAME TO send_logs");
    }

    @Test
    void aParkedPayloadIsReadAndDeletedOnceFinal() {
        String ref = PayloadKeys.newKey(clock.instant());
        payloads.put(ref, PUSH.formatted("acme/parked").getBytes(StandardCharsets.UTF_8));
        String key = rows.insertPending("github", "g1", "d-parked", "push", null, ref, clock.millis());

        engine("a").drain();

        assertThat(rows.status(key)).isEqualTo("delivered");
        discord.verify(1, postRequestedFor(urlEqualTo("/channels/111/messages"))
                .withRequestBody(matchingJsonPath("$.embeds[0].title", containing("acme/parked"))));
        assertThat(sendLogs("d-parked")).extracting(r -> r.get("repo")).containsOnly("acme/parked");
        assertThat(payloads.get(ref)).as("deleted once every target is final").isEmpty();
    }

    @Test
    void aDeliveryThatEndsFailedKeepsItsParkedPayloadForAReplay() {
        discord.stubFor(post("/channels/111/messages").willReturn(aResponse().withStatus(403)
                .withBody("{\"message\": \"Missing Permissions\", \"code\": 50013}")));
        String ref = PayloadKeys.newKey(clock.instant());
        payloads.put(ref, PUSH.formatted("acme/kept").getBytes(StandardCharsets.UTF_8));
        String key = rows.insertPending("github", "g1", "d-kept", "push", null, ref, clock.millis());

        engine("a").drain();

        assertThat(rows.status(key)).isEqualTo("failed");
        assertThat(payloads.get(ref)).as("kept for FAILED_PAYLOAD_RETENTION").isPresent();
        assertThat(rows.jdbc().queryForObject("SELECT payload_ref FROM delivery_state WHERE key = ?", String.class, key)).isEqualTo(ref);
    }

    @Test
    void aMissingParkedPayloadIsPayloadMissingNeverAnEmptyDispatch() {
        String key = rows.insertPending("github", "g1", "d-gone", "push", null, PayloadKeys.newKey(clock.instant()), clock.millis());

        engine("a").drain();

        assertThat(rows.status(key)).isEqualTo("failed");
        assertThat(discord.getAllServeEvents()).isEmpty();
        assertThat(telegram.getAllServeEvents()).isEmpty();
        assertThat(sendLogs("d-gone")).singleElement().satisfies(r -> {
            assertThat(r.get("error_code")).isEqualTo("PAYLOAD_MISSING");
            assertThat(((Number) r.get("ok")).intValue()).isZero();
        });
    }

    @Test
    void aLongTelegram429IsRateLimitedAndRescheduledWithoutResendingToTheOthers() {
        telegram.resetAll();
        telegram.stubFor(post("/bot123:TEST/sendMessage").willReturn(aResponse().withStatus(429)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"ok\":false,\"error_code\":429,\"description\":\"Too Many Requests: retry after 30\","
                        + "\"parameters\":{\"retry_after\":30}}")));
        String key = push("d429");

        engine("a").drain();

        assertThat(rows.status(key)).isEqualTo("retrying");
        assertThat(target(key, "-100/7")).containsEntry("status", "retrying").containsEntry("error_code", "RATE_LIMITED");
        assertThat(((Number) target(key, "-100/7").get("attempts")).intValue()).as("a deferral is not a failure").isZero();
        assertThat(sendLogs("d429")).filteredOn(r -> "-100/7".equals(r.get("target")))
                .singleElement().satisfies(r -> assertThat(r.get("error_code")).isEqualTo("RATE_LIMITED"));

        telegram.resetAll();
        telegram.stubFor(post("/bot123:TEST/sendMessage").willReturn(okJson("{\"ok\":true,\"result\":{\"message_id\":78}}")));
        clock.advance(Duration.ofSeconds(29));
        engine("a").drain();
        assertThat(telegramCalls("sendMessage")).as("not before retry_after").isZero();

        clock.advance(Duration.ofSeconds(2));
        engine("a").drain();

        assertThat(rows.status(key)).isEqualTo("delivered");
        assertThat(telegramCalls("sendMessage")).isEqualTo(1);
        assertThat(discordPosts("111")).isEqualTo(1);
        assertThat(discordPosts("222")).isEqualTo(1);
        assertThat(discordPosts("999")).as("group log once, when final").isEqualTo(1);
    }

    /** The receiver's side of Standard Webhooks, written out here rather than taken from the code under test. */
    static boolean signedBy(String secret, String id, String timestamp, String body, String signatureHeader) throws Exception {
        javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
        mac.init(new javax.crypto.spec.SecretKeySpec(java.util.Base64.getDecoder().decode(secret.substring("whsec_".length())),
                "HmacSHA256"));
        String expected = "v1," + java.util.Base64.getEncoder().encodeToString(
                mac.doFinal((id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8)));
        return List.of(signatureHeader.split(" ")).contains(expected);
    }

    @Test
    void aWebhookTargetGetsTheEventSignedWithBothSecretsAndTheSameIdOnItsRetry() throws Exception {
        String newSecret = "whsec_" + java.util.Base64.getEncoder().encodeToString("new-secret-new-secret-new-secret".getBytes());
        String oldSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        String url = discord.baseUrl() + "/hooks/in?token=t0k3n";
        Target events = new WebhookTarget(new WebhookTarget.Webhook(url, List.of(newSecret, oldSecret), Map.of("X-Team", "widgets"),
                WebhookTarget.BodyFormat.EVENT, null));
        Target messages = new WebhookTarget(new WebhookTarget.Webhook(url, List.of(newSecret), null, WebhookTarget.BodyFormat.MESSAGE, 5));
        catalog = EngineHarness.catalog(List.of(group), List.of(
                new Route("r1", "g1", "Events", true, List.of(new Filter("event", List.of("push"), false)), null,
                        List.of(events), false, false, List.of()),
                new Route("r2", "g1", "Messages", true, List.of(new Filter("event", List.of("push"), false)), null,
                        List.of(messages), false, false, List.of())));
        discord.stubFor(post(urlEqualTo("/hooks/in?token=t0k3n")).withHeader("X-Team", com.github.tomakehurst.wiremock.client.WireMock.equalTo("widgets"))
                .inScenario("hook").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(503).withBody("deploying")).willSetStateTo("up"));
        discord.stubFor(post(urlEqualTo("/hooks/in?token=t0k3n")).withHeader("X-Team", com.github.tomakehurst.wiremock.client.WireMock.equalTo("widgets"))
                .inScenario("hook").whenScenarioStateIs("up").willReturn(aResponse().withStatus(204)));
        discord.stubFor(post(urlEqualTo("/hooks/in?token=t0k3n")).withHeader("X-Team", com.github.tomakehurst.wiremock.client.WireMock.absent())
                .willReturn(aResponse().withStatus(200)));
        String key = push("d-hook");

        engine("a").drain();
        assertThat(events.id()).as("one URL, one target id; the routes tell them apart").isEqualTo(messages.id());
        assertThat(routeTarget(key, "r1", events.id())).containsEntry("status", "retrying").containsEntry("error_code", "WEBHOOK_5XX");
        assertThat(routeTarget(key, "r2", messages.id())).containsEntry("status", "delivered");
        assertThat((String) routeTarget(key, "r1", events.id()).get("target_json")).as("stored sealed")
                .contains("hooks/in").doesNotContain(newSecret).doesNotContain(oldSecret);
        clock.advance(Duration.ofSeconds(5));
        engine("b").drain();

        assertThat(rows.status(key)).isEqualTo("delivered");
        var posts = discord.findAll(postRequestedFor(urlEqualTo("/hooks/in?token=t0k3n")));
        var eventPosts = posts.stream().filter(r -> r.containsHeader("X-Team")).toList();
        assertThat(eventPosts).hasSize(2);
        assertThat(eventPosts).extracting(r -> r.getHeader("webhook-id")).as("the same id on the retry").containsOnly(
                eventPosts.get(0).getHeader("webhook-id"));
        for (var post : posts) {
            String id = post.getHeader("webhook-id");
            String timestamp = post.getHeader("webhook-timestamp");
            assertThat(id).startsWith("msg_");
            assertThat(Long.parseLong(timestamp)).isBetween(clock.instant().getEpochSecond() - 5, clock.instant().getEpochSecond());
            assertThat(signedBy(newSecret, id, timestamp, post.getBodyAsString(), post.getHeader("webhook-signature"))).isTrue();
            assertThat(post.getHeader("webhooker-event")).isEqualTo("push");
            assertThat(post.getHeader("webhooker-provider")).isEqualTo("github");
            assertThat(post.getHeader("Content-Type")).startsWith("application/json");
        }
        var first = eventPosts.get(0);
        assertThat(signedBy(oldSecret, first.getHeader("webhook-id"), first.getHeader("webhook-timestamp"), first.getBodyAsString(),
                first.getHeader("webhook-signature"))).as("the old secret signs too while the rotation lasts").isTrue();
        assertThat(EngineHarness.JSON.readTree(first.getBodyAsString())).isEqualTo(EngineHarness.JSON.readTree(PUSH.formatted("acme/widget")));
        var message = posts.stream().filter(r -> !r.containsHeader("X-Team")).findFirst().orElseThrow();
        assertThat(message.getHeader("webhook-id")).as("another route, another message").isNotEqualTo(first.getHeader("webhook-id"));
        assertThat(EngineHarness.JSON.readTree(message.getBodyAsString()).get("title").asText()).contains("acme/widget");
        assertThat(sendLogs("d-hook")).extracting(r -> r.get("route_id") + " " + r.get("target") + " " + r.get("platform") + " "
                + r.get("error_code")).containsExactlyInAnyOrder("r1 " + events.id() + " webhook WEBHOOK_5XX",
                "r2 " + events.id() + " webhook null", "r1 " + events.id() + " webhook null");
    }

    @Test
    void aWebhookTargetThatIsGoneOrOnAPrivateAddressFailsAtOnce() {
        Target gone = new WebhookTarget(new WebhookTarget.Webhook(discord.baseUrl() + "/hooks/gone", List.of(
                "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"), null, null, null));
        Target metadata = new WebhookTarget(new WebhookTarget.Webhook("http://169.254.169.254/latest/meta-data", List.of(
                "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"), null, null, null));
        catalog = EngineHarness.catalog(List.of(group), List.of(new Route("r1", "g1", "Hooks", true,
                List.of(new Filter("event", List.of("push"), false)), null, List.of(gone, metadata), false, false, List.of())));
        discord.stubFor(post(urlEqualTo("/hooks/gone")).willReturn(aResponse().withStatus(410)));
        String key = push("d-gone");

        engine("a").drain();

        assertThat(rows.status(key)).isEqualTo("failed");
        assertThat(target(key, gone.id())).containsEntry("status", "failed").containsEntry("error_code", "WEBHOOK_GONE");
        assertThat(target(key, metadata.id())).containsEntry("status", "failed").containsEntry("error_code", "TARGET_BLOCKED");
        clock.advance(Duration.ofHours(3));
        engine("a").drain();
        assertThat(discord.findAll(postRequestedFor(urlEqualTo("/hooks/gone")))).hasSize(1);

        EngineHarness engine = engine("b");
        assertThat(engine.health.find(gone.id())).get().satisfies(s -> {
            assertThat(s.disabled()).as("410 disables at once").isTrue();
            assertThat(s.disabledReason()).startsWith("the endpoint answered 410 Gone");
        });
        assertThat(engine.health.find(metadata.id())).as("a refused address says nothing about the endpoint").isEmpty();
        String next = push("d-gone-2");
        engine.drain();
        assertThat(target(next, gone.id())).containsEntry("status", "failed").containsEntry("error_code", "TARGET_DISABLED");
        assertThat((String) target(next, gone.id()).get("last_error")).contains("410 Gone");
        assertThat(discord.findAll(postRequestedFor(urlEqualTo("/hooks/gone")))).as("no request to a disabled target").hasSize(1);
    }

    /** A route with one failing webhook target and a Discord target, pushed once an hour for {@code hours}. */
    private Target failingHourly(String path, int hours, String prefix) {
        Target down = new WebhookTarget(new WebhookTarget.Webhook(discord.baseUrl() + path, List.of(
                "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"), null, null, null));
        catalog = EngineHarness.catalog(List.of(group), List.of(new Route("r1", "g1", "Hooks", true,
                List.of(new Filter("event", List.of("push"), false)), null, List.of(down, new DiscordTarget("111", null)),
                false, false, List.of())));
        EngineHarness engine = engine("a");
        for (int hour = 0; hour < hours; hour++) {
            push(prefix + hour);
            engine.drain();
            clock.advance(Duration.ofHours(1));
        }
        return down;
    }

    @Test
    void anEndpointWhoseEveryAttemptFailedFor24HoursIsDisabledUntilAnAdminReEnablesIt() {
        discord.stubFor(post(urlEqualTo("/hooks/down")).willReturn(aResponse().withStatus(500).withBody("db down")));
        Target down = failingHourly("/hooks/down", 24, "streak-");
        EngineHarness engine = engine("a");
        assertThat(engine.health.find(down.id())).get().satisfies(s -> {
            assertThat(s.disabled()).as("23 h of failures: still sent to").isFalse();
            assertThat(s.failingSince()).isEqualTo(Instant.parse("2026-11-30T10:00:00Z"));
            assertThat(s.lastError()).isEqualTo("HTTP 500: db down");
        });
        int before = discord.findAll(postRequestedFor(urlEqualTo("/hooks/down"))).size();

        try (LogCapture log = new LogCapture(TargetHealth.class)) {
            push("streak-24");
            engine.drain();

            assertThat(log.lines()).singleElement().asString().startsWith("WARN webhook target " + down.id() + " is disabled: "
                    + "every attempt failed for 24 h (");
        }
        assertThat(discord.findAll(postRequestedFor(urlEqualTo("/hooks/down")))).as("the first failure at 24 h disables it")
                .hasSize(before + 1);
        assertThat(engine.health.find(down.id()).orElseThrow().disabledReason()).contains("the last: HTTP 500: db down");
        clock.advance(Duration.ofMinutes(1));
        String refused = push("streak-25");
        engine.drain();
        assertThat(target(refused, down.id())).containsEntry("status", "failed").containsEntry("error_code", "TARGET_DISABLED");
        assertThat(target(refused, "111")).as("the other target of the route is not held up").containsEntry("status", "delivered");
        assertThat(discord.findAll(postRequestedFor(urlEqualTo("/hooks/down")))).as("nor did the retries due meanwhile")
                .hasSize(before + 1);

        discord.stubFor(post(urlEqualTo("/hooks/down")).willReturn(aResponse().withStatus(204)));
        assertThat(engine.health.enable(down.id())).isTrue();
        assertThat(engine.health.enable(down.id())).as("once").isFalse();
        String after = push("streak-26");
        engine.drain();
        assertThat(target(after, down.id())).containsEntry("status", "delivered");
        assertThat(engine.health.find(down.id())).as("a success leaves no streak").isEmpty();
    }

    @Test
    void oneSuccessEndsTheStreakAndAZeroSettingNeverDisablesOnAStreak() {
        discord.stubFor(post(urlEqualTo("/hooks/flaky")).willReturn(aResponse().withStatus(502)));
        Target flaky = failingHourly("/hooks/flaky", 20, "flaky-");
        discord.stubFor(post(urlEqualTo("/hooks/flaky")).willReturn(aResponse().withStatus(200)));
        push("flaky-ok");
        engine("a").drain();
        assertThat(engine("a").health.find(flaky.id())).isEmpty();
        discord.resetMappings();
        discord.stubFor(post(urlMatching("/channels/.*/messages")).willReturn(okJson("{\"id\":\"9001\"}")));
        discord.stubFor(post(urlEqualTo("/hooks/flaky")).willReturn(aResponse().withStatus(502)));
        clock.advance(Duration.ofHours(1));
        failingHourly("/hooks/flaky", 20, "flaky-again-");
        TargetHealth.Status status = engine("a").health.find(flaky.id()).orElseThrow();
        assertThat(status.disabled()).as("40 h of failures with a success in the middle").isFalse();
        assertThat(status.failingSince()).isEqualTo(Instant.parse("2026-11-30T10:00:00Z").plus(Duration.ofHours(21)));

        clock.advance(Duration.ofDays(3));
        String key = push("flaky-later");
        try (EngineHarness zero = new EngineHarness(ds, kind(), clock, "z", discord.baseUrl(), telegram.baseUrl(), catalog,
                payloads, new DeliveryProperties(null, Duration.ofMillis(100), LEASE, 4, Duration.ofMillis(500),
                Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofMillis(200), Duration.ZERO, null))) {
            zero.drain();

            assertThat(target(key, flaky.id())).containsEntry("error_code", "WEBHOOK_5XX");
            assertThat(zero.health.find(flaky.id()).orElseThrow().disabled()).as("TARGET_DISABLE_AFTER=0, failing for 3 days")
                    .isFalse();
        }
    }

    @Test
    void aServerErrorIsRetriedOnScheduleThenSucceeds() {
        discord.stubFor(post("/channels/111/messages").inScenario("5xx").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(502).withBody("upstream broke")).willSetStateTo("healed"));
        discord.stubFor(post("/channels/111/messages").inScenario("5xx").whenScenarioStateIs("healed")
                .willReturn(okJson("{\"id\":\"9002\"}")));
        String key = push("d5xx");

        engine("a").drain();
        assertThat(rows.status(key)).isEqualTo("retrying");
        assertThat(target(key, "111")).containsEntry("status", "retrying").containsEntry("error_code", "DISCORD_5XX")
                .containsEntry("last_error", "upstream broke");

        clock.advance(Duration.ofSeconds(4));
        engine("a").drain();
        assertThat(discordPosts("111")).as("not before the 5 s backoff").isEqualTo(1);

        clock.advance(Duration.ofSeconds(1));
        engine("a").drain();

        assertThat(rows.status(key)).isEqualTo("delivered");
        assertThat(target(key, "111")).containsEntry("status", "delivered").containsEntry("message_id", "9002");
        assertThat(discordPosts("111")).isEqualTo(2);
        assertThat(discordPosts("222")).isEqualTo(1);
        assertThat(telegramCalls("sendMessage")).isEqualTo(1);
        assertThat(attemptsByTarget("d5xx", r -> String.valueOf(((Number) r.get("ok")).intValue())))
                .containsOnly(Map.entry("111", List.of("0", "1")), Map.entry("-100/7", List.of("1")), Map.entry("222", List.of("1")));
    }

    @Test
    void aPermanent403OnOneTargetDoesNotBlockOrDuplicateTheOthers() {
        discord.stubFor(post("/channels/111/messages").willReturn(aResponse().withStatus(403)
                .withBody("{\"message\": \"Missing Permissions\", \"code\": 50013}")));
        discord.stubFor(post("/channels/222/messages").inScenario("flaky").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(500)).willSetStateTo("ok"));
        discord.stubFor(post("/channels/222/messages").inScenario("flaky").whenScenarioStateIs("ok")
                .willReturn(okJson("{\"id\":\"3\"}")));
        String key = push("d403");

        engine("a").drain();
        assertThat(target(key, "111")).containsEntry("status", "failed").containsEntry("error_code", "DISCORD_ERROR");
        assertThat((String) target(key, "111").get("last_error")).contains("Missing Permissions");
        assertThat(rows.status(key)).as("222 is still retrying").isEqualTo("retrying");

        clock.advance(Duration.ofSeconds(5));
        engine("a").drain();
        clock.advance(Duration.ofHours(1));
        engine("a").drain();

        assertThat(rows.status(key)).isEqualTo("failed");
        assertThat(target(key, "222")).containsEntry("status", "delivered");
        assertThat(discordPosts("111")).isEqualTo(1);
        assertThat(discordPosts("222")).isEqualTo(2);
        assertThat(telegramCalls("sendMessage")).as("no second message to the healthy target").isEqualTo(1);
        discord.verify(1, postRequestedFor(urlEqualTo("/channels/999/messages"))
                .withRequestBody(matchingJsonPath("$.embeds[0].fields[0].value", containing("❌ Push Route → 111: "))));
    }

    @Test
    void anOutcomeThatCannotBeStoredAtOnceIsStoredLaterAndNotSentAgain() {
        String key = push("db-blip");
        java.util.concurrent.atomic.AtomicInteger failuresLeft = new java.util.concurrent.atomic.AtomicInteger(2);
        EngineHarness engine = new EngineHarness(ds, kind(), clock, "a", discord.baseUrl(), telegram.baseUrl(), catalog,
                payloads, EngineHarness.settings(LEASE), calls -> calls,
                (dataSource, commits) -> new DeliveryTargets(dataSource, commits, EngineHarness.SEAL) {
                    @Override
                    public void updateAll(List<DeliveryTarget> outcomes, List<java.time.Instant> times) {
                        if (outcomes.stream().anyMatch(t -> t.progress().status() == TargetStatus.DELIVERED)
                                && failuresLeft.getAndDecrement() > 0) {
                            // the database answers nothing for a moment, right after a platform did
                            throw new org.springframework.transaction.CannotCreateTransactionException("connection refused");
                        }
                        super.updateAll(outcomes, times);
                    }
                });

        try (LogCapture log = new LogCapture(OutcomeStore.class)) {
            engine.drain();

            assertThat(log.lines()).anySatisfy(l -> assertThat(l).contains("trying again while the lease holds"));
        }
        assertThat(rows.status(key)).isEqualTo("delivered");
        assertThat(discordPosts("111")).isEqualTo(1);
        assertThat(discordPosts("222")).isEqualTo(1);
        assertThat(telegramCalls("sendMessage")).isEqualTo(1);
    }

    @Test
    void outcomesThatCannotBeStoredWhileTheLeaseHoldsFailTheAttemptOnceAndItIsRetriedWhole() {
        String key = push("db-away");
        java.util.concurrent.atomic.AtomicBoolean away = new java.util.concurrent.atomic.AtomicBoolean(true);
        // a short lease: the outcomes are tried again for three quarters of it, in real time, then given up
        EngineHarness engine = new EngineHarness(ds, kind(), clock, "a", discord.baseUrl(), telegram.baseUrl(), catalog,
                payloads, EngineHarness.settings(Duration.ofMillis(800)), calls -> calls,
                (dataSource, commits) -> new DeliveryTargets(dataSource, commits, EngineHarness.SEAL) {
                    @Override
                    public void updateAll(List<DeliveryTarget> outcomes, List<java.time.Instant> times) {
                        if (away.get()) {
                            throw new org.springframework.transaction.CannotCreateTransactionException("connection refused");
                        }
                        super.updateAll(outcomes, times);
                    }
                });

        try (LogCapture log = new LogCapture(DeliverySteps.class)) {
            engine.drain();

            assertThat(log.lines().stream().filter(l -> l.contains("attempt 1 failed")))
                    .as("three sends unstored, one failed attempt").singleElement().asString()
                    .contains("CannotCreateTransactionException");
        }
        // not concluded: rescheduled, or (the group commit failing fast after the outage) left to its lease to expire
        assertThat(rows.status(key)).isIn("retrying", "processing");
        assertThat(target(key, "111")).containsEntry("status", "pending");
        assertThat(target(key, "222")).containsEntry("status", "pending");
        assertThat(discordPosts("999")).as("not final: no group log").isZero();

        away.set(false);
        // the group commit fails fast for a second after the database was unreachable (real time)
        try {
            Thread.sleep(1_100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        clock.advance(Duration.ofSeconds(5));
        engine.drain();

        assertThat(rows.status(key)).isEqualTo("delivered");
        // sent but never stored: due again, so sent again (at least once)
        assertThat(discordPosts("111")).isEqualTo(2);
        assertThat(discordPosts("222")).isEqualTo(2);
        assertThat(telegramCalls("sendMessage")).isEqualTo(2);
        assertThat(discordPosts("999")).isEqualTo(1);
    }

    @Test
    void retriesUpTheScheduleEndDead() {
        discord.stubFor(post("/channels/222/messages").willReturn(aResponse().withStatus(503)));
        String key = push("dead");
        EngineHarness engine = engine("a");

        try (LogCapture log = new LogCapture(TargetSteps.class)) {
            // the default schedule, 5s..2h: eight tries over 3 h 43 min
            for (int i = 0; i < 10; i++) {
                engine.drain();
                clock.advance(Duration.ofHours(2).plusMinutes(1));
            }
            // one line when it ends dead, none for the retries before; with the delivery id in the MDC
            List<String> warnings = log.lines().stream().filter(l -> l.contains("target 222")).toList();
            assertThat(warnings).singleElement().asString().startsWith("WARN delivery " + key + ": discord target 222 of route ")
                    .contains(" is dead after 8 attempt(s): ");
            assertThat(log.events().stream().filter(e -> e.getFormattedMessage().contains("target 222")))
                    .allSatisfy(e -> assertThat(e.getMDCPropertyMap()).containsEntry("deliveryId", "dead"));
        }

        assertThat(target(key, "222")).containsEntry("status", "dead");
        assertThat(((Number) target(key, "222").get("attempts")).intValue()).isEqualTo(8);
        assertThat(discordPosts("222")).isEqualTo(8);
        assertThat(rows.status(key)).isEqualTo("dead");
    }

    @Test
    void workflowRunRequestedInProgressCompletedCreatesOneMessageThenEditsItTwice() {
        catalog = EngineHarness.catalog(List.of(group), List.of(new Route("ci", "g1", "CI", true,
                List.of(new Filter("event", List.of("workflow_run"), false)), null,
                List.of(new DiscordTarget("111", null), new TelegramTarget("-100", null)), false, false, List.of())));
        for (String action : List.of("requested", "in_progress", "completed")) {
            String conclusion = action.equals("completed") ? "\"success\"" : "null";
            rows.insertPending("github", "g1", "wr-" + action, "workflow_run",
                    "{\"action\":\"" + action + "\",\"repository\":{\"full_name\":\"acme/widget\"},"
                            + "\"workflow_run\":{\"id\":42,\"name\":\"Build\",\"conclusion\":" + conclusion + "}}",
                    null, clock.millis());
            clock.advance(Duration.ofMillis(10));
        }

        engine("a").drain();

        assertThat(discordPosts("111")).isEqualTo(1);
        discord.verify(1, postRequestedFor(urlEqualTo("/channels/111/messages"))
                .withRequestBody(matchingJsonPath("$.embeds[0].description", containing("Build — queued"))));
        discord.verify(2, patchRequestedFor(urlEqualTo("/channels/111/messages/9001")));
        discord.verify(1, patchRequestedFor(urlEqualTo("/channels/111/messages/9001"))
                .withRequestBody(matchingJsonPath("$.embeds[0].description", containing("Build — success"))));
        assertThat(telegramCalls("sendMessage")).isEqualTo(1);
        telegram.verify(2, postRequestedFor(urlEqualTo("/bot123:TEST/editMessageText"))
                .withRequestBody(matchingJsonPath("$.message_id", com.github.tomakehurst.wiremock.client.WireMock.equalTo("77"))));
        assertThat(rows.jdbc().queryForList("SELECT message_id FROM message_tracking WHERE event_id = ? ORDER BY target_id",
                String.class, "g1:ci:workflow_run:acme/widget:42")).containsExactlyInAnyOrder("9001", "77");
    }

    @Test
    void slackAndTeamsGetTheirRenderingsAndTheSlackBotEditsACiRunInPlace() {
        Target bot = SlackTarget.channel("C0123ABCD", null);
        Target slackHook = SlackTarget.posting(discord.baseUrl() + "/slack-hook/T1/B1/secret");
        Target teams = TeamsTarget.posting(discord.baseUrl() + "/teams/flow?sig=abc");
        catalog = EngineHarness.catalog(List.of(group), List.of(new Route("ci", "g1", "CI", true,
                List.of(new Filter("event", List.of("workflow_run"), false)), null, List.of(bot, slackHook, teams),
                false, false, List.of())));
        discord.stubFor(post(urlEqualTo("/slack-api/chat.postMessage"))
                .willReturn(okJson("{\"ok\":true,\"channel\":\"C0123ABCD\",\"ts\":\"1700000000.000100\"}")));
        discord.stubFor(post(urlEqualTo("/slack-api/chat.update"))
                .willReturn(okJson("{\"ok\":true,\"channel\":\"C0123ABCD\",\"ts\":\"1700000000.000100\"}")));
        discord.stubFor(post(urlEqualTo("/slack-hook/T1/B1/secret")).willReturn(aResponse().withStatus(200).withBody("ok")));
        discord.stubFor(post(urlEqualTo("/teams/flow?sig=abc")).willReturn(aResponse().withStatus(202)));
        for (String action : List.of("requested", "completed")) {
            String conclusion = action.equals("completed") ? "\"failure\"" : "null";
            rows.insertPending("github", "g1", "wr-" + action, "workflow_run",
                    "{\"action\":\"" + action + "\",\"repository\":{\"full_name\":\"acme/widget\"},"
                            + "\"workflow_run\":{\"id\":42,\"name\":\"Build\",\"conclusion\":" + conclusion + "}}",
                    null, clock.millis());
            clock.advance(Duration.ofMillis(10));
        }

        engine("a").drain();

        discord.verify(1, postRequestedFor(urlEqualTo("/slack-api/chat.postMessage"))
                .withHeader("Authorization", com.github.tomakehurst.wiremock.client.WireMock.equalTo("Bearer xoxb-test"))
                .withRequestBody(matchingJsonPath("$.channel", com.github.tomakehurst.wiremock.client.WireMock.equalTo("C0123ABCD")))
                .withRequestBody(matchingJsonPath("$.attachments[0].blocks[0].type")));
        discord.verify(1, postRequestedFor(urlEqualTo("/slack-api/chat.update"))
                .withRequestBody(matchingJsonPath("$.ts", com.github.tomakehurst.wiremock.client.WireMock.equalTo("1700000000.000100")))
                .withRequestBody(containing("failure")));
        discord.verify(2, postRequestedFor(urlEqualTo("/slack-hook/T1/B1/secret")).withRequestBody(matchingJsonPath("$.text")));
        discord.verify(2, postRequestedFor(urlEqualTo("/teams/flow?sig=abc"))
                .withRequestBody(matchingJsonPath("$.attachments[0].contentType",
                        com.github.tomakehurst.wiremock.client.WireMock.equalTo("application/vnd.microsoft.card.adaptive"))));
        assertThat(rows.jdbc().queryForList("SELECT message_id FROM message_tracking WHERE event_id = ?", String.class,
                "g1:ci:workflow_run:acme/widget:42")).containsExactly("1700000000.000100");
        for (String id : List.of("wr-requested", "wr-completed")) {
            assertThat(sendLogs(id)).extracting(r -> r.get("platform") + " " + r.get("ok")).containsExactlyInAnyOrder(
                    "slack 1", "slack 1", "teams 1");
        }
        assertThat(slackHook.id()).startsWith("localhost#").isNotEqualTo(teams.id());
    }

    @Test
    void slackAndTeamsRefusalsAreFinalTheirServerErrorsRetriedAndTheirWaitsHonoured() {
        Target bot = SlackTarget.channel("C0NOTHERE", null);
        Target slackHook = SlackTarget.posting(discord.baseUrl() + "/slack-hook/revoked");
        Target teams = TeamsTarget.posting(discord.baseUrl() + "/teams/busy");
        Target legacy = TeamsTarget.posting(discord.baseUrl() + "/teams/legacy");
        catalog = EngineHarness.catalog(List.of(group), List.of(new Route("r1", "g1", "All", true,
                List.of(new Filter("event", List.of("push"), false)), null, List.of(bot, slackHook, teams, legacy),
                false, false, List.of())));
        discord.stubFor(post(urlEqualTo("/slack-api/chat.postMessage"))
                .willReturn(okJson("{\"ok\":false,\"error\":\"channel_not_found\"}")));
        discord.stubFor(post(urlEqualTo("/slack-hook/revoked")).willReturn(aResponse().withStatus(404).withBody("no_service")));
        discord.stubFor(post(urlEqualTo("/teams/busy")).willReturn(aResponse().withStatus(429).withHeader("Retry-After", "30")));
        discord.stubFor(post(urlEqualTo("/teams/legacy")).willReturn(aResponse().withStatus(200)
                .withBody("Microsoft Teams endpoint returned HTTP error 413 with ContextId tcid=0")));
        String key = push("d-chat");

        engine("a").drain();

        assertThat(target(key, bot.id())).containsEntry("status", "failed").containsEntry("error_code", "SLACK_ERROR")
                .containsEntry("last_error", "channel_not_found");
        assertThat(target(key, slackHook.id())).containsEntry("status", "failed").containsEntry("error_code", "SLACK_ERROR")
                .containsEntry("last_error", "HTTP 404: no_service");
        assertThat(target(key, legacy.id())).containsEntry("status", "failed").containsEntry("error_code", "TEAMS_ERROR");
        assertThat(target(key, teams.id())).containsEntry("status", "retrying").containsEntry("error_code", "RATE_LIMITED");
        assertThat(((Number) target(key, teams.id()).get("next_attempt_at")).longValue())
                .isEqualTo(clock.millis() + 30_000);
        clock.advance(Duration.ofSeconds(29));
        engine("a").drain();
        assertThat(discord.findAll(postRequestedFor(urlEqualTo("/teams/busy")))).as("not before its wait").hasSize(1);
    }

    @Test
    void aNotModifiedEditIsASuccessAndARefusedEditSendsOnce() {
        catalog = EngineHarness.catalog(List.of(group), List.of(new Route("ci", "g1", "CI", true, List.of(), null,
                List.of(new DiscordTarget("111", null), new TelegramTarget("-100", null)), false, false, List.of())));
        rows.jdbc().update("INSERT INTO message_tracking (event_id, target_id, message_id, updated_at) VALUES (?, ?, ?, ?)",
                "g1:ci:workflow_run:acme/widget:7", "111", "gone-1", 0L);
        rows.jdbc().update("INSERT INTO message_tracking (event_id, target_id, message_id, updated_at) VALUES (?, ?, ?, ?)",
                "g1:ci:workflow_run:acme/widget:7", "-100", "50", 0L);
        discord.stubFor(patch("/channels/111/messages/gone-1").willReturn(aResponse().withStatus(404)
                .withBody("{\"message\": \"Unknown Message\", \"code\": 10008}")));
        telegram.stubFor(post("/bot123:TEST/editMessageText").willReturn(aResponse().withStatus(400)
                .withBody("{\"ok\":false,\"error_code\":400,\"description\":\"Bad Request: message is not modified\"}")));
        String key = rows.insertPending("github", "g1", "wr-x", "workflow_run",
                "{\"action\":\"completed\",\"repository\":{\"full_name\":\"acme/widget\"},\"workflow_run\":{\"id\":7}}",
                null, clock.millis());

        engine("a").drain();

        assertThat(rows.status(key)).isEqualTo("delivered");
        assertThat(discordPosts("111")).as("refused edit → one new message").isEqualTo(1);
        assertThat(telegramCalls("sendMessage")).as("not modified is a success").isZero();
        assertThat(target(key, "-100")).containsEntry("message_id", "50");
        assertThat(rows.jdbc().queryForObject("SELECT message_id FROM message_tracking WHERE event_id = ? AND target_id = '111'",
                String.class, "g1:ci:workflow_run:acme/widget:7")).isEqualTo("9001");
    }

    @Test
    void aWorkerKilledMidDeliveryLosesNothingAndDuplicatesNothing() throws Exception {
        String key = push("crash");
        // the targets are sent in parallel: the worker stops dead as it is about to call channel 222, and is
        // never heard of again until the end of the test (then it fails without sending: it died there)
        CountDownLatch at222 = new CountDownLatch(1);
        CountDownLatch endOfTest = new CountDownLatch(1);
        java.util.function.UnaryOperator<PlatformCalls> dyingOn222 = real -> (target, message, edit, idem) -> {
            if ("222".equals(target.id())) {
                at222.countDown();
                try {
                    endOfTest.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new WorkerKilled();
            }
            return real.call(target, message, edit, idem);
        };
        EngineHarness doomed = new EngineHarness(ds, kind(), clock, "doomed", discord.baseUrl(), telegram.baseUrl(), catalog,
                payloads, EngineHarness.settings(LEASE), dyingOn222, (dataSource, commits) -> new DeliveryTargets(dataSource, commits, EngineHarness.SEAL));
        Thread doomedWorker = new Thread(() -> {
            try {
                doomed.drain();
            } catch (RuntimeException | WorkerKilled e) {
                // what a dead worker's thread does afterwards does not matter: its lease is gone by then
            }
        }, "doomed-worker");
        doomedWorker.start();
        try {
            assertThat(at222.await(10, TimeUnit.SECONDS)).isTrue();
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10)).until(() ->
                    "delivered".equals(target(key, "111").get("status")) && "delivered".equals(target(key, "-100/7").get("status")));
            assertThat(rows.status(key)).isEqualTo("processing");
            assertThat(discordPosts("111")).isEqualTo(1);
            assertThat(discordPosts("222")).isZero();

            EngineHarness survivor = engine("survivor");
            survivor.drain();
            assertThat(rows.status(key)).as("the lease is still valid").isEqualTo("processing");

            clock.advance(LEASE.plusSeconds(1));
            survivor.drain();

            assertThat(rows.status(key)).isEqualTo("delivered");
            assertThat(discordPosts("111")).as("sent and stored before the crash: not sent again").isEqualTo(1);
            assertThat(telegramCalls("sendMessage")).isEqualTo(1);
            assertThat(discordPosts("222")).isEqualTo(1);
            assertThat(discordPosts("999")).isEqualTo(1);
        } finally {
            endOfTest.countDown();
            doomedWorker.join(10_000);
        }
        assertThat(rows.status(key)).as("the dead worker changes nothing afterwards").isEqualTo("delivered");
        assertThat(discordPosts("222")).isEqualTo(1);
    }

    @Test
    void theTargetsOfOneDeliveryAreSentAtTheSameTime() {
        String key = push("parallel");
        // the call to 111 is only made once the one to 222 is on its way: sent one after the other, it would fail
        CountDownLatch secondStarted = new CountDownLatch(1);
        java.util.function.UnaryOperator<PlatformCalls> waitingForTheOther = real -> (target, message, edit, idem) -> {
            if ("222".equals(target.id())) {
                secondStarted.countDown();
            }
            if ("111".equals(target.id())) {
                try {
                    if (!secondStarted.await(10, TimeUnit.SECONDS)) {
                        return PlatformCall.refused(SendOutcome.failure(ErrorCode.INTERNAL, null,
                                "222 was not sent while 111 was in flight", 1));
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return real.call(target, message, edit, idem);
        };
        new EngineHarness(ds, kind(), clock, "a", discord.baseUrl(), telegram.baseUrl(), catalog, payloads,
                EngineHarness.settings(LEASE), waitingForTheOther, (dataSource, commits) -> new DeliveryTargets(dataSource, commits, EngineHarness.SEAL)).drain();

        assertThat(rows.status(key)).isEqualTo("delivered");
        assertThat(discordPosts("111")).isEqualTo(1);
        assertThat(discordPosts("222")).isEqualTo(1);
    }

    @Test
    void aFormatterFailureIsRecordedAndTheGenericMessageStillSent() {
        // a workflow_run without its workflow_run object: the event's own formatter cannot work
        String key = rows.insertPending("github", "g1", "d-fmt", "workflow_run",
                "{\"action\":\"completed\",\"repository\":{\"full_name\":\"acme/widget\"}}", null, clock.millis());

        engine("a").drain();

        assertThat(rows.status(key)).isEqualTo("delivered");
        discord.verify(1, postRequestedFor(urlEqualTo("/channels/111/messages"))
                .withRequestBody(matchingJsonPath("$.embeds[0].title", containing("acme/widget"))));
        assertThat(telegramCalls("sendMessage")).isEqualTo(1);
        // per target: the formatter failure, then the successful send of the generic message
        assertThat(attemptsByTarget("d-fmt", r -> r.get("error_code") + ":" + ((Number) r.get("ok")).intValue()))
                .containsOnly(Map.entry("111", List.of("FORMAT_ERROR:0", "null:1")), Map.entry("-100/7", List.of("FORMAT_ERROR:0", "null:1")));
    }

    @Test
    void noMatchingRouteIsDelivered() {
        String key = rows.insertPending("github", "g1", "d-none", "star", "{}", null, clock.millis());

        engine("a").drain();

        assertThat(rows.status(key)).isEqualTo("delivered");
        assertThat(discord.getAllServeEvents()).isEmpty();
    }

    static final class WorkerKilled extends Error {
        WorkerKilled() {
            super("worker killed", null, false, false);
        }
    }
}
