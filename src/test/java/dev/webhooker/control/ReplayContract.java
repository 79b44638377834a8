package dev.webhooker.control;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;

import dev.webhooker.maintenance.PruneRepository;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;

import dev.webhooker.store.ConfigRepository;
import dev.webhooker.testsupport.Browser;
import dev.webhooker.testsupport.FakeGithub;
import dev.webhooker.testsupport.GithubWebhooks;
import dev.webhooker.testsupport.Fixtures;
import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.platform.telegram.TelegramTarget;

/**
 * Sending an ended delivery again, end to end with the delivery engine running against fake Discord and
 * Telegram servers: an operator's replay through the admin API and a sender's redelivery of the same id. One
 * route sends each push to a Discord channel and a Telegram chat; Discord is made to refuse, so the delivery
 * ends with Telegram delivered and Discord failed or dead. Whatever is sent again, Telegram must not get a
 * second message.
 */
abstract class ReplayContract {

    static final FakeGithub GITHUB = new FakeGithub();
    // shared by both subclasses, which run in the same JVM: left running until it exits (as the fake GitHub)
    static final WireMockServer DISCORD = started();
    static final WireMockServer TELEGRAM = started();
    static final String SECRET = "replay-contract-secret";
    static final String CHANNEL = "/channels/111111111111111111/messages";

    static WireMockServer started() {
        WireMockServer server = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        server.start();
        return server;
    }

    static void replayProperties(DynamicPropertyRegistry registry) {
        GITHUB.properties(registry);
        registry.add("webhooker.admin.user-ids", () -> "9919");
        registry.add("webhooker.config.file", () -> "");
        registry.add("webhooker.platforms.discord-api-url", DISCORD::baseUrl);
        registry.add("webhooker.platforms.discord-token", () -> "bot-token");
        registry.add("webhooker.platforms.telegram-api-url", TELEGRAM::baseUrl);
        registry.add("webhooker.platforms.telegram-token", () -> "123:TEST");
        registry.add("webhooker.ingress.github-webhook-secret", () -> SECRET);
        // one retry, soon: a failing Discord makes its target dead within a second
        registry.add("webhooker.delivery.retry-schedule", () -> "200ms");
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

    @Autowired
    PruneRepository prune;

    @BeforeEach
    void groupAndPlatforms() {
        GITHUB.server().resetAll();
        GITHUB.user("olive", 1002, "olive");
        GITHUB.user("adam", 1003, "adam");
        GITHUB.user("vera", 1004, "vera");
        GITHUB.user("stranger", 1005, "stranger");
        repository.replaceAll(List.of(
                new Group("team", "Team", List.of(new Group.Member("olive", "owner", "1002"), new Group.Member("adam", "admin", "1003"),
                        new Group.Member("vera", "viewer", "1004")), List.of(), List.of(), List.of(), null, true, List.of(), null, null, false),
                new Group("elsewhere", "Elsewhere", List.of(new Group.Member("stranger", "owner", "1005")), List.of(), List.of(), List.of(),
                        null, true, List.of(), null, null, false)),
                List.of(new Route("pushes", "team", "Pushes", true, List.of(new Filter("event", List.of("push"), false)), null,
                        List.of(new DiscordTarget("111111111111111111", null), new TelegramTarget("-100", null)), false, false, List.of())));
        snapshots.refresh();
        DISCORD.resetAll();
        TELEGRAM.resetAll();
        TELEGRAM.stubFor(post(urlMatching("/bot123:TEST/.*")).willReturn(okJson("{\"ok\":true,\"result\":{\"message_id\":77}}")));
    }

    private void discordRefuses(int status) {
        DISCORD.resetAll();
        DISCORD.stubFor(post(urlMatching("/channels/.*/messages")).willReturn(aResponse().withStatus(status)
                .withHeader("Content-Type", "application/json").withBody(status == 404
                        ? "{\"message\":\"Unknown Channel\",\"code\":10003}" : "{\"message\":\"upstream trouble\"}")));
    }

    private void discordAccepts() {
        DISCORD.resetAll();
        DISCORD.stubFor(post(urlMatching("/channels/.*/messages")).willReturn(okJson("{\"id\":\"9001\"}")));
    }

    /** The body of the delivery made last: a redelivery sends the very same bytes. */
    private byte[] lastBody;

    /** The push fixture, made unique (identical bodies are duplicates whatever their delivery id). */
    private static byte[] uniquePush() throws Exception {
        String fixture = Files.readString(Fixtures.root().resolve("github/push/commits.json"));
        return ("{\"test_run\":\"" + UUID.randomUUID() + "\"," + fixture.substring(fixture.indexOf('{') + 1))
                .getBytes(StandardCharsets.UTF_8);
    }

    private HttpResponse<String> webhook(String deliveryId, byte[] body) throws Exception {
        return GithubWebhooks.post("http://127.0.0.1:" + port + "/webhook", SECRET, "push", deliveryId, body);
    }

    /** A push whose Discord target ends {@code discordEnds} (Discord answering {@code status}) and whose Telegram target is delivered. */
    private String endedDelivery(int status, String discordEnds) throws Exception {
        discordRefuses(status);
        String deliveryId = UUID.randomUUID().toString();
        lastBody = uniquePush();
        HttpResponse<String> accepted = webhook(deliveryId, lastBody);
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(30)).until(() -> "failed".equals(deliveryStatus(deliveryId)) || "dead".equals(deliveryStatus(deliveryId)));
        assertThat(targetStatuses(deliveryId)).containsEntry("111111111111111111", discordEnds)
                .containsEntry("-100", "delivered");
        return deliveryId;
    }

    private String deliveryStatus(String deliveryId) {
        return jdbc.queryForList("SELECT status FROM delivery_state WHERE delivery_id = ?", String.class, deliveryId)
                .stream().findFirst().orElse(null);
    }

    private Map<String, String> targetStatuses(String deliveryId) {
        Map<String, String> statuses = new java.util.TreeMap<>();
        jdbc.query("SELECT t.target_id, t.status FROM delivery_targets t JOIN delivery_state s ON s.key = t.delivery_key"
                + " WHERE s.delivery_id = ?", rs -> {
                    statuses.put(rs.getString(1), rs.getString(2));
                }, deliveryId);
        return statuses;
    }

    private int telegramMessages() {
        return TELEGRAM.findAll(postRequestedFor(urlMatching("/bot123:TEST/send.*"))).size();
    }

    private Browser signedIn(String code) {
        Browser browser = new Browser(port);
        HttpResponse<String> callback = FakeGithub.signIn(browser, code, null);
        assertThat(callback.statusCode()).as(callback.body()).isEqualTo(302);
        return browser;
    }

    private static JsonNode body(HttpResponse<String> response) {
        return FakeGithub.parse(response.body());
    }

    @Test
    void aFailedDeliveryKeepsItsPayloadAndAReplayReachesOnlyTheFailedTarget() throws Exception {
        String deliveryId = endedDelivery(404, "failed");
        assertThat(telegramMessages()).isEqualTo(1);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM delivery_state WHERE delivery_id = ?"
                + " AND (payload IS NOT NULL OR payload_ref IS NOT NULL)", Integer.class, deliveryId))
                .as("a failed delivery keeps its payload for a replay").isEqualTo(1);
        assertThat(body(signedIn("vera").getJson("/admin/api/delivery/" + deliveryId)).path("deliveries").get(0)
                .path("payloadKept").asBoolean()).isTrue();

        discordAccepts();
        HttpResponse<String> replay = signedIn("adam").json("POST", "/admin/api/delivery/" + deliveryId + "/replay", null);
        assertThat(replay.statusCode()).as(replay.body()).isEqualTo(202);
        assertThat(body(replay).path("replayed").get(0).path("targets")).extracting(t -> t.path("target").asText())
                .containsExactly("111111111111111111");

        await().atMost(Duration.ofSeconds(30)).until(() -> "delivered".equals(deliveryStatus(deliveryId)));
        DISCORD.verify(1, postRequestedFor(urlEqualTo(CHANNEL)));
        assertThat(telegramMessages()).as("the delivered target is never sent again").isEqualTo(1);
        assertThat(targetStatuses(deliveryId)).containsValues("delivered").doesNotContainValue("failed");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM delivery_state WHERE delivery_id = ?"
                + " AND (payload IS NOT NULL OR payload_ref IS NOT NULL)", Integer.class, deliveryId))
                .as("delivered at last: its payload is kept for DELIVERED_PAYLOAD_RETENTION").isEqualTo(1);
        prune.discardDeliveredPayloadsBefore(System.currentTimeMillis() + 1);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM delivery_state WHERE delivery_id = ?"
                + " AND payload IS NULL AND payload_ref IS NULL", Integer.class, deliveryId))
                .as("then storage-prune lets it go").isEqualTo(1);
        assertThat(jdbc.queryForList("SELECT actor_login FROM audit_logs WHERE action = 'delivery.replay' AND target_id = ?"
                + " AND group_id = 'team'", String.class, deliveryId)).containsExactly("adam");

        HttpResponse<String> again = signedIn("adam").json("POST", "/admin/api/delivery/" + deliveryId + "/replay", null);
        assertThat(again.statusCode()).as(again.body()).isEqualTo(409);
        assertThat(body(again).path("error").asText()).isEqualTo("Nothing to replay");
    }

    @Test
    void theDeliveryViewShowsThePayloadAndTheRequestAndAnswerOfEachAttemptWithoutCredentials() throws Exception {
        String deliveryId = endedDelivery(404, "failed");
        HttpResponse<String> response = signedIn("vera").getJson("/admin/api/delivery/" + deliveryId);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(response.body()).as("no credential reaches a viewer").doesNotContain("bot-token").doesNotContain("123:TEST");
        JsonNode view = body(response);
        JsonNode delivery = view.path("deliveries").get(0);
        assertThat(delivery.path("payload").path("test_run").asText()).isNotEmpty();
        assertThat(delivery.path("repo").asText()).isEqualTo(delivery.path("payload").path("repository").path("full_name").asText())
                .isNotEmpty();

        JsonNode discord = attemptTo(view, "111111111111111111");
        assertThat(discord.path("call").path("request").path("method").asText()).isEqualTo("POST");
        assertThat(discord.path("call").path("request").path("url").asText()).isEqualTo(DISCORD.baseUrl() + CHANNEL);
        String sent = DISCORD.findAll(postRequestedFor(urlEqualTo(CHANNEL))).get(0).getBodyAsString();
        assertThat(discord.path("call").path("request").path("body").asText()).as("the very body Discord got").isEqualTo(sent);
        assertThat(discord.path("call").path("answer").path("status").asInt()).isEqualTo(404);
        assertThat(discord.path("call").path("answer").path("body").asText()).contains("Unknown Channel");

        JsonNode telegram = attemptTo(view, "-100");
        assertThat(telegram.path("call").path("request").path("url").asText()).startsWith(TELEGRAM.baseUrl() + "/bot…/send");
        assertThat(telegram.path("call").path("answer").path("status").asInt()).isEqualTo(200);

        // the list of send logs stays small: one entry's view has the request and answer
        JsonNode listed = body(signedIn("vera").getJson("/admin/api/logs?deliveryId=" + deliveryId)).path("logs");
        assertThat(listed).isNotEmpty().allSatisfy(row -> assertThat(row.has("call")).isFalse());
        JsonNode one = body(signedIn("vera").getJson("/admin/api/logs/" + discord.path("id").asLong())).path("log");
        assertThat(one.path("call").path("answer").path("status").asInt()).isEqualTo(404);
    }

    private static JsonNode attemptTo(JsonNode view, String target) {
        for (JsonNode attempt : view.path("attempts")) {
            if (attempt.path("target").asText().equals(target)) {
                return attempt;
            }
        }
        throw new AssertionError("no attempt to " + target + " in " + view);
    }

    @Test
    void deliveriesAreFoundByRepositoryEventAndTimeAndReplayedTogetherAfterACount() throws Exception {
        long since = System.currentTimeMillis() - 1;
        String first = endedDelivery(404, "failed");
        String second = endedDelivery(404, "failed");
        String repo = body(signedIn("vera").getJson("/admin/api/delivery/" + first)).path("deliveries").get(0).path("repo").asText();
        String search = "repo=" + java.net.URLEncoder.encode(repo.toUpperCase(java.util.Locale.ROOT), StandardCharsets.UTF_8)
                + "&event=push&since=" + since;

        JsonNode found = body(signedIn("vera").getJson("/admin/api/deliveries?" + search)).path("deliveries");
        assertThat(found).extracting(d -> d.path("deliveryId").asText()).containsExactlyInAnyOrder(first, second);
        assertThat(body(signedIn("vera").getJson("/admin/api/deliveries?repo=nobody/nothing&since=" + since)).path("deliveries")).isEmpty();
        assertThat(body(signedIn("vera").getJson("/admin/api/deliveries?" + search.replace("event=push", "event=issues")))
                .path("deliveries")).isEmpty();
        assertThat(body(signedIn("vera").getJson("/admin/api/deliveries?" + search + "&until=" + since)).path("deliveries")).isEmpty();
        assertThat(body(signedIn("stranger").getJson("/admin/api/deliveries?" + search)).path("deliveries"))
                .as("another group's deliveries are not found").isEmpty();

        String bulk = "{\"repo\":\"" + repo + "\",\"event\":\"push\",\"since\":\"" + since + "\"";
        assertThat(signedIn("vera").json("POST", "/admin/api/deliveries/replay", bulk + "}").statusCode()).as("a viewer").isEqualTo(403);
        Browser adam = signedIn("adam");
        HttpResponse<String> counted = adam.json("POST", "/admin/api/deliveries/replay", bulk + "}");
        assertThat(counted.statusCode()).as(counted.body()).isEqualTo(200);
        assertThat(body(counted).path("count").asInt()).isEqualTo(2);
        assertThat(deliveryStatus(first)).as("counting sends nothing").isEqualTo("failed");

        HttpResponse<String> stale = adam.json("POST", "/admin/api/deliveries/replay", bulk + ",\"confirm\":1}");
        assertThat(stale.statusCode()).as(stale.body()).isEqualTo(409);
        assertThat(body(stale).path("detail").asText()).contains("now finds 2");
        assertThat(adam.json("POST", "/admin/api/deliveries/replay", bulk + ",\"status\":\"delivered\"}").statusCode()).isEqualTo(400);
        assertThat(deliveryStatus(first)).isEqualTo("failed");

        discordAccepts();
        HttpResponse<String> replayed = adam.json("POST", "/admin/api/deliveries/replay", bulk + ",\"confirm\":2}");
        assertThat(replayed.statusCode()).as(replayed.body()).isEqualTo(202);
        assertThat(body(replayed).path("replayed")).extracting(JsonNode::asText).containsExactlyInAnyOrder(first, second);
        await().atMost(Duration.ofSeconds(30)).until(() -> "delivered".equals(deliveryStatus(first)) && "delivered".equals(deliveryStatus(second)));
        DISCORD.verify(2, postRequestedFor(urlEqualTo(CHANNEL)));
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM audit_logs WHERE action = 'delivery.replay' AND target_id IN (?, ?)",
                Integer.class, first, second)).isEqualTo(2);
    }

    @Test
    void aReviewRequestReachesDiscordMentioningTheMappedReviewerAndNobodyElse() throws Exception {
        repository.replaceAll(List.of(new Group("team", "Team", List.of(new Group.Member("olive", "owner", "1002")), List.of(), List.of(),
                        List.of(), null, true, List.of(), null, null, false, true,
                        List.of(new Group.Person("octocat", Map.of("discord", "300000000000000003")),
                                new Group.Person("hubot", Map.of("discord", "300000000000000004"))))),
                List.of(new Route("reviews", "team", "Reviews", true, List.of(new Filter("event", List.of("pull_request"), false)), null,
                        List.of(new DiscordTarget("111111111111111111", null)), false, false, List.of())));
        snapshots.refresh();
        discordAccepts();
        byte[] requested = ("{\"action\":\"review_requested\",\"number\":7,\"test_run\":\"" + UUID.randomUUID() + "\","
                + "\"requested_reviewer\":{\"login\":\"octocat\",\"id\":583231},\"sender\":{\"login\":\"alice\"},"
                + "\"pull_request\":{\"number\":7,\"title\":\"Fix\",\"html_url\":\"https://github.com/acme/widget/pull/7\","
                + "\"body\":\"@everyone please, and @stranger\",\"user\":{\"login\":\"alice\"},\"head\":{\"ref\":\"fix\"},"
                + "\"base\":{\"ref\":\"main\"}},\"repository\":{\"full_name\":\"acme/widget\","
                + "\"html_url\":\"https://github.com/acme/widget\"}}").getBytes(StandardCharsets.UTF_8);

        HttpResponse<String> accepted = GithubWebhooks.post("http://127.0.0.1:" + port + "/webhook", SECRET, "pull_request",
                UUID.randomUUID().toString(), requested);
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(30)).until(() -> DISCORD.findAll(postRequestedFor(urlEqualTo(CHANNEL))).size() == 1);

        JsonNode sent = FakeGithub.parse(DISCORD.findAll(postRequestedFor(urlEqualTo(CHANNEL))).get(0).getBodyAsString());
        assertThat(sent.path("content").asText()).isEqualTo("<@300000000000000003>");
        assertThat(sent.path("allowed_mentions").path("parse")).as("nothing parsed from the text: no @everyone").isEmpty();
        assertThat(sent.path("allowed_mentions").path("users")).extracting(JsonNode::asText).containsExactly("300000000000000003");
    }

    @Test
    void oneNamedDeadTargetIsReplayedAndADeliveredOneIsRefused() throws Exception {
        String deliveryId = endedDelivery(500, "dead");
        Browser adam = signedIn("adam");
        HttpResponse<String> delivered = adam.json("POST", "/admin/api/delivery/" + deliveryId + "/replay",
                "{\"routeId\":\"pushes\",\"target\":\"-100\"}");
        assertThat(delivered.statusCode()).as(delivered.body()).isEqualTo(409);
        assertThat(body(delivered).path("detail").asText()).contains("was delivered");

        discordAccepts();
        HttpResponse<String> replay = adam.json("POST", "/admin/api/delivery/" + deliveryId + "/replay",
                "{\"routeId\":\"pushes\",\"target\":\"111111111111111111\"}");
        assertThat(replay.statusCode()).as(replay.body()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(30)).until(() -> "delivered".equals(deliveryStatus(deliveryId)));
        DISCORD.verify(1, postRequestedFor(urlEqualTo(CHANNEL)));
        assertThat(telegramMessages()).isEqualTo(1);
    }

    @Test
    void viewersOutsidersAndBadRequestsAreRefusedAndChangeNothing() throws Exception {
        String deliveryId = endedDelivery(404, "failed");
        String path = "/admin/api/delivery/" + deliveryId + "/replay";
        assertThat(signedIn("vera").json("POST", path, null).statusCode()).as("a viewer").isEqualTo(403);
        assertThat(signedIn("stranger").json("POST", path, null).statusCode()).as("another group's owner").isEqualTo(404);
        Browser adam = signedIn("adam");
        assertThat(adam.json("POST", "/admin/api/delivery/no-such-id/replay", null).statusCode()).isEqualTo(404);
        HttpResponse<String> typo = adam.json("POST", path, "{\"route\":\"pushes\"}");
        assertThat(typo.statusCode()).isEqualTo(400);
        assertThat(body(typo).path("detail").asText()).startsWith("route: unknown field");
        HttpResponse<String> half = adam.json("POST", path, "{\"routeId\":\"pushes\"}");
        assertThat(half.statusCode()).isEqualTo(400);
        assertThat(body(half).path("detail").asText()).startsWith("target: missing");
        assertThat(adam.json("POST", path, "{\"routeId\":7,\"target\":\"x\"}").statusCode()).isEqualTo(400);
        assertThat(adam.json("POST", path, "[1]").statusCode()).isEqualTo(400);
        assertThat(adam.json("POST", path, "{\"routeId\":\"pushes\",\"target\":\"42\"}").statusCode()).isEqualTo(404);
        assertThat(deliveryStatus(deliveryId)).isEqualTo("failed");

        // past FAILED_PAYLOAD_RETENTION storage-prune lets go of the payload: nothing left to send
        prune.discardUndeliveredPayloadsBefore(System.currentTimeMillis() + 1);
        HttpResponse<String> gone = adam.json("POST", path, null);
        assertThat(gone.statusCode()).as(gone.body()).isEqualTo(410);
        assertThat(deliveryStatus(deliveryId)).isEqualTo("failed");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM audit_logs WHERE action = 'delivery.replay' AND target_id = ?",
                Integer.class, deliveryId)).isZero();
    }

    @Test
    void aRedeliveryOfAFailedDeliverySendsOnlyItsFailedTargetsAndOfADeliveredOneIsADuplicate() throws Exception {
        String deliveryId = endedDelivery(404, "failed");
        discordAccepts();
        HttpResponse<String> redelivered = webhook(deliveryId, lastBody);
        assertThat(redelivered.statusCode()).as(redelivered.body()).isEqualTo(200);
        assertThat(body(redelivered).path("reopened").asBoolean()).as(redelivered.body()).isTrue();
        await().atMost(Duration.ofSeconds(30)).until(() -> "delivered".equals(deliveryStatus(deliveryId)));
        DISCORD.verify(1, postRequestedFor(urlEqualTo(CHANNEL)));
        assertThat(telegramMessages()).isEqualTo(1);

        HttpResponse<String> once = webhook(deliveryId, lastBody);
        assertThat(once.statusCode()).isEqualTo(200);
        assertThat(body(once).path("duplicate").asBoolean()).as(once.body()).isTrue();
        Thread.sleep(500);
        DISCORD.verify(1, postRequestedFor(urlEqualTo(CHANNEL)));
        assertThat(telegramMessages()).isEqualTo(1);
    }
}
