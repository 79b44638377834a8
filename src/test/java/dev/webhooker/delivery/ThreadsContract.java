package dev.webhooker.delivery;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
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
import java.util.UUID;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;

import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.platform.slack.SlackTarget;
import dev.webhooker.platform.telegram.TelegramTarget;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.Target;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.testsupport.Fixtures;
import dev.webhooker.testsupport.GithubWebhooks;

/**
 * One thread per pull request, through the running application: signed GitHub deliveries on {@code /webhook} about
 * pull request #2 (opened, a review comment, a review, merged) land in one thread on Discord, Telegram and Slack
 * (fakes that answer as the platforms do), a thread whose first message was deleted is started again, and in a
 * Discord forum channel and a Telegram forum supergroup the pull request is one post and one topic.
 */
abstract class ThreadsContract {

    // shared by both subclasses, which run in the same JVM: left running until it exits
    static final WireMockServer DISCORD = started();
    static final WireMockServer TELEGRAM = started();
    static final WireMockServer SLACK = started();
    static final String SECRET = "threads-contract-secret";
    static final String CHANNEL = "300000000000000001";
    static final String FORUM = "300000000000000009";
    static final String SLACK_ROOT = "1733220000.000100";
    private static final ObjectMapper JSON = new ObjectMapper();

    static WireMockServer started() {
        WireMockServer server = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        server.start();
        return server;
    }

    static void threadsProperties(DynamicPropertyRegistry registry) {
        registry.add("webhooker.config.file", () -> "");
        registry.add("webhooker.platforms.discord-api-url", DISCORD::baseUrl);
        registry.add("webhooker.platforms.discord-token", () -> "bot-token");
        registry.add("webhooker.platforms.telegram-api-url", TELEGRAM::baseUrl);
        registry.add("webhooker.platforms.telegram-token", () -> "123:TEST");
        registry.add("webhooker.platforms.slack-api-url", SLACK::baseUrl);
        registry.add("webhooker.platforms.slack-token", () -> "xoxb-test");
        registry.add("webhooker.ingress.github-webhook-secret", () -> SECRET);
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

    /** Each delivery is new to the deduplication, whatever ran before on the same database. */
    private final String run = UUID.randomUUID().toString();
    private int delivered;

    @BeforeEach
    void routeWithThreads() {
        routeTo(List.of(new DiscordTarget(CHANNEL, null, true), new TelegramTarget("-100", null, true),
                new SlackTarget("C0123ABCD", null, null, true)));
        jdbc.update("DELETE FROM message_tracking");
        DISCORD.resetAll();
        DISCORD.stubFor(get("/channels/" + CHANNEL).willReturn(okJson("{\"id\":\"" + CHANNEL + "\",\"type\":0}")));
        DISCORD.stubFor(post("/channels/" + CHANNEL + "/messages").willReturn(okJson("{\"id\":\"5001\"}")));
        DISCORD.stubFor(post("/channels/" + CHANNEL + "/messages/5001/threads").willReturn(okJson("{\"id\":\"5001\",\"type\":11}")));
        DISCORD.stubFor(post("/channels/5001/messages").willReturn(okJson("{\"id\":\"5100\"}")));
        TELEGRAM.resetAll();
        TELEGRAM.stubFor(post(urlMatching("/bot123:TEST/.*")).willReturn(okJson("{\"ok\":true,\"result\":{\"message_id\":77}}")));
        SLACK.resetAll();
        SLACK.stubFor(post("/chat.postMessage").willReturn(okJson("{\"ok\":true,\"channel\":\"C0123ABCD\",\"ts\":\""
                + SLACK_ROOT + "\"}")));
    }

    @Test
    void aPullRequestOpenedCommentedReviewedAndMergedIsOneThreadOnEachPlatform() throws Exception {
        deliver("pull_request", "opened", null);
        deliver("pull_request_review_comment", "created", null);
        deliver("pull_request_review", "submitted", null);
        deliver("pull_request", "closed", "merged");

        // Discord: the first message in the channel, a thread started on it, the rest in the thread
        DISCORD.verify(1, postRequestedFor(urlEqualTo("/channels/" + CHANNEL + "/messages")));
        DISCORD.verify(1, postRequestedFor(urlEqualTo("/channels/" + CHANNEL + "/messages/5001/threads"))
                .withRequestBody(matchingJsonPath("$.name", equalTo("#2 Update the README with new information."))));
        DISCORD.verify(3, postRequestedFor(urlEqualTo("/channels/5001/messages")));

        // Telegram: the first message, then replies to it
        List<LoggedRequest> telegram = TELEGRAM.findAll(postRequestedFor(urlMatching("/bot123:TEST/send.*")));
        assertThat(telegram).hasSize(4);
        assertThat(JSON.readTree(telegram.get(0).getBodyAsString()).has("reply_parameters")).isFalse();
        assertThat(telegram.subList(1, 4)).allSatisfy(r -> assertThat(JSON.readTree(r.getBodyAsString())
                .path("reply_parameters").path("message_id").asLong()).isEqualTo(77));

        // Slack: the first message, then replies in its thread
        List<LoggedRequest> slack = SLACK.findAll(postRequestedFor(urlEqualTo("/chat.postMessage")));
        assertThat(slack).hasSize(4);
        assertThat(JSON.readTree(slack.get(0).getBodyAsString()).has("thread_ts")).isFalse();
        assertThat(slack.subList(1, 4)).allSatisfy(r -> assertThat(JSON.readTree(r.getBodyAsString())
                .path("thread_ts").asText()).isEqualTo(SLACK_ROOT));

        assertThat(jdbc.queryForList("SELECT target_id || '=' || message_id FROM message_tracking WHERE event_id = ?",
                String.class, "team:#thread:Codertocat/Hello-World#2"))
                .containsExactlyInAnyOrder(CHANNEL + "=5001", "-100=77", "C0123ABCD=" + SLACK_ROOT);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM message_locks", Integer.class)).as("every lock let go").isZero();
    }

    @Test
    void aThreadWhoseFirstMessageWasDeletedIsStartedAgain() throws Exception {
        deliver("pull_request", "opened", null);
        // Telegram refuses a reply to a message that is gone; the same message without the reply goes through
        TELEGRAM.stubFor(post(urlMatching("/bot123:TEST/send.*")).atPriority(1)
                .withRequestBody(matchingJsonPath("$.reply_parameters.message_id", equalTo("77")))
                .willReturn(aResponse().withStatus(400).withHeader("Content-Type", "application/json")
                        .withBody("{\"ok\":false,\"error_code\":400,\"description\":\"Bad Request: message to be replied not found\"}")));
        TELEGRAM.stubFor(post(urlMatching("/bot123:TEST/send.*")).atPriority(2)
                .willReturn(okJson("{\"ok\":true,\"result\":{\"message_id\":78}}")));
        DISCORD.stubFor(post("/channels/5001/messages").willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json").withBody("{\"message\": \"Unknown Channel\", \"code\": 10003}")));
        DISCORD.stubFor(post("/channels/" + CHANNEL + "/messages").willReturn(okJson("{\"id\":\"6001\"}")));
        DISCORD.stubFor(post("/channels/" + CHANNEL + "/messages/6001/threads").willReturn(okJson("{\"id\":\"6001\",\"type\":11}")));

        String deliveryId = deliver("pull_request_review", "submitted", null);

        DISCORD.verify(1, postRequestedFor(urlEqualTo("/channels/5001/messages")));
        DISCORD.verify(2, postRequestedFor(urlEqualTo("/channels/" + CHANNEL + "/messages")));
        DISCORD.verify(1, postRequestedFor(urlEqualTo("/channels/" + CHANNEL + "/messages/6001/threads")));
        assertThat(jdbc.queryForObject("SELECT message_id FROM message_tracking WHERE event_id = ? AND target_id = ?",
                String.class, "team:#thread:Codertocat/Hello-World#2", CHANNEL)).isEqualTo("6001");
        assertThat(jdbc.queryForObject("SELECT t.message_id FROM delivery_targets t JOIN delivery_state s"
                + " ON s.key = t.delivery_key WHERE s.delivery_id = ? AND t.target_id = ?", String.class, deliveryId, CHANNEL))
                .isEqualTo("6001");
        assertThat(jdbc.queryForObject("SELECT detail FROM send_logs WHERE delivery_id = ? AND target = ?", String.class,
                deliveryId, CHANNEL)).contains("started anew");

        List<LoggedRequest> telegram = TELEGRAM.findAll(postRequestedFor(urlMatching("/bot123:TEST/send.*")));
        assertThat(telegram).hasSize(3);
        assertThat(JSON.readTree(telegram.get(2).getBodyAsString()).has("reply_parameters")).as("to the chat").isFalse();
        assertThat(jdbc.queryForObject("SELECT message_id FROM message_tracking WHERE event_id = ? AND target_id = ?",
                String.class, "team:#thread:Codertocat/Hello-World#2", "-100")).isEqualTo("78");
    }

    @Test
    void inAForumThePullRequestIsOnePostOnDiscordAndOneTopicOnTelegram() throws Exception {
        routeTo(List.of(new DiscordTarget(FORUM, null, true), new TelegramTarget("-200", null, true)));
        DISCORD.stubFor(get("/channels/" + FORUM).willReturn(okJson("{\"id\":\"" + FORUM + "\",\"type\":15}")));
        DISCORD.stubFor(post("/channels/" + FORUM + "/threads").willReturn(okJson(
                "{\"id\":\"7001\",\"type\":11,\"parent_id\":\"" + FORUM + "\",\"message\":{\"id\":\"7001\"}}")));
        DISCORD.stubFor(post("/channels/7001/messages").willReturn(okJson("{\"id\":\"7100\"}")));
        TELEGRAM.stubFor(post("/bot123:TEST/getChat").atPriority(1).willReturn(okJson(
                "{\"ok\":true,\"result\":{\"id\":-200,\"type\":\"supergroup\",\"is_forum\":true}}")));
        TELEGRAM.stubFor(post("/bot123:TEST/createForumTopic").atPriority(1).willReturn(okJson(
                "{\"ok\":true,\"result\":{\"message_thread_id\":42,\"name\":\"#2\"}}")));

        deliver("pull_request", "opened", null);
        deliver("pull_request_review_comment", "created", null);
        deliver("pull_request_review", "submitted", null);
        deliver("pull_request", "closed", "merged");

        // Discord: a post opened with the first message, the rest in the post; nothing in the forum itself
        DISCORD.verify(1, postRequestedFor(urlEqualTo("/channels/" + FORUM + "/threads"))
                .withRequestBody(matchingJsonPath("$.name", equalTo("#2 Update the README with new information.")))
                .withRequestBody(matchingJsonPath("$.message.embeds[0].title")));
        DISCORD.verify(0, postRequestedFor(urlEqualTo("/channels/" + FORUM + "/messages")));
        DISCORD.verify(3, postRequestedFor(urlEqualTo("/channels/7001/messages")));

        // Telegram: a topic named after the pull request, every message in it
        TELEGRAM.verify(1, postRequestedFor(urlEqualTo("/bot123:TEST/createForumTopic"))
                .withRequestBody(matchingJsonPath("$.name", equalTo("#2 Update the README with new information."))));
        List<LoggedRequest> telegram = TELEGRAM.findAll(postRequestedFor(urlMatching("/bot123:TEST/send.*")));
        assertThat(telegram).hasSize(4).allSatisfy(r -> {
            assertThat(JSON.readTree(r.getBodyAsString()).path("message_thread_id").asLong()).isEqualTo(42);
            assertThat(JSON.readTree(r.getBodyAsString()).has("reply_parameters")).isFalse();
        });

        assertThat(jdbc.queryForList("SELECT target_id || '=' || message_id FROM message_tracking WHERE event_id = ?",
                String.class, "team:#thread:Codertocat/Hello-World#2"))
                .containsExactlyInAnyOrder(FORUM + "=post:7001", "-200=topic:42");

        // the post and the topic were deleted: the next event opens new ones
        DISCORD.stubFor(post("/channels/7001/messages").willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json").withBody("{\"message\": \"Unknown Channel\", \"code\": 10003}")));
        DISCORD.stubFor(post("/channels/" + FORUM + "/threads").willReturn(okJson(
                "{\"id\":\"7002\",\"type\":11,\"message\":{\"id\":\"7002\"}}")));
        TELEGRAM.stubFor(post(urlMatching("/bot123:TEST/send.*")).atPriority(1)
                .withRequestBody(matchingJsonPath("$.message_thread_id", equalTo("42")))
                .willReturn(aResponse().withStatus(400).withHeader("Content-Type", "application/json")
                        .withBody("{\"ok\":false,\"error_code\":400,\"description\":\"Bad Request: message thread not found\"}")));
        TELEGRAM.stubFor(post("/bot123:TEST/createForumTopic").atPriority(1).willReturn(okJson(
                "{\"ok\":true,\"result\":{\"message_thread_id\":43,\"name\":\"#2\"}}")));

        String deliveryId = deliver("pull_request", "synchronize", null);

        DISCORD.verify(2, postRequestedFor(urlEqualTo("/channels/" + FORUM + "/threads")));
        TELEGRAM.verify(2, postRequestedFor(urlEqualTo("/bot123:TEST/createForumTopic")));
        List<LoggedRequest> sent = TELEGRAM.findAll(postRequestedFor(urlMatching("/bot123:TEST/send.*")));
        assertThat(JSON.readTree(sent.get(sent.size() - 1).getBodyAsString()).path("message_thread_id").asLong())
                .isEqualTo(43);
        assertThat(jdbc.queryForList("SELECT target_id || '=' || message_id FROM message_tracking WHERE event_id = ?",
                String.class, "team:#thread:Codertocat/Hello-World#2"))
                .containsExactlyInAnyOrder(FORUM + "=post:7002", "-200=topic:43");
        assertThat(jdbc.queryForList("SELECT detail FROM send_logs WHERE delivery_id = ?", String.class, deliveryId))
                .hasSize(2).allSatisfy(detail -> assertThat(detail).contains("started anew"));
    }

    /** Group "team" with one route of pull request events to {@code targets}, each with threads. */
    private void routeTo(List<Target> targets) {
        repository.replaceAll(List.of(new Group("team", "Team", List.of(), List.of(), List.of(), List.of(), null, true,
                        List.of(), null, null, false)),
                List.of(new Route("prs", "team", "Pull requests", true, List.of(new Filter("event",
                        List.of("pull_request", "pull_request_review", "pull_request_review_comment"), false)), null,
                        targets, false, false, List.of())));
        snapshots.refresh();
    }

    /** Posts a fixture as a signed GitHub delivery and waits until every target has it. */
    private String deliver(String event, String fixture, String merged) throws Exception {
        ObjectNode payload = (ObjectNode) JSON.readTree(Files.readString(
                Fixtures.root().resolve("github").resolve(event).resolve(fixture + ".json")));
        payload.put("test_run", run + "/" + ++delivered);
        if (merged != null) {
            ((ObjectNode) payload.path("pull_request")).put("merged", true);
        }
        String deliveryId = UUID.randomUUID().toString();
        HttpResponse<String> accepted = GithubWebhooks.post("http://127.0.0.1:" + port + "/webhook", SECRET, event,
                deliveryId, JSON.writeValueAsString(payload).getBytes(StandardCharsets.UTF_8));
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(30)).until(() -> "delivered".equals(jdbc.queryForList(
                "SELECT status FROM delivery_state WHERE delivery_id = ?", String.class, deliveryId).stream().findFirst()
                .orElse(null)));
        return deliveryId;
    }
}
