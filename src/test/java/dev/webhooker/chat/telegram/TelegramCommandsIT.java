package dev.webhooker.chat.telegram;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.patch;
import static com.github.tomakehurst.wiremock.client.WireMock.patchRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.webhooker.chat.ChatApp;
import dev.webhooker.testsupport.Browser;
import dev.webhooker.testsupport.FakeGithub;
import dev.webhooker.platform.telegram.TelegramTarget;

/**
 * {@code POST /telegram/webhook} end to end against fake Telegram and GitHub APIs: the secret, update dedup,
 * private login links and the link flow, comment / merge / close by replying to a notification, and the
 * replies' language and HTML.
 */
class TelegramCommandsIT extends ChatApp {

    private static final AtomicLong UPDATES = new AtomicLong(System.currentTimeMillis());
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String SEND = "/bot" + TELEGRAM_TOKEN + "/sendMessage";
    private static final String NOTIFICATION = "{\"message_id\":500,\"text\":\"acme/widget#7 Add feature\",\"entities\":[{\"type\":\"text_link\","
            + "\"offset\":0,\"length\":13,\"url\":\"https://github.com/acme/widget/pull/7\"}]}";

    @BeforeEach
    void setUp() {
        FAKE_GITHUB.user("code-olive", "gho_olive", 1002, "olive", null, null);
        TELEGRAM.stubFor(get(urlEqualTo("/bot" + TELEGRAM_TOKEN + "/getMe")).willReturn(okJson("{\"ok\":true,\"result\":{\"username\":\"HookBot\"}}")));
    }

    private void oliveLinked() {
        FakeGithub.signIn(browser(), "code-olive", null);
        jdbc.update("INSERT INTO telegram_links (telegram_user_id, github_user_id) VALUES ('77', '1002')");
    }

    static HttpResponse<String> deliver(String body, String secret) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(BASE_URL + "/telegram/webhook"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        if (secret != null) {
            request.header("X-Telegram-Bot-Api-Secret-Token", secret);
        }
        try {
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static String update(long updateId, String chat, String text, String replyTo, String lang) {
        return "{\"update_id\":" + updateId + ",\"message\":{\"message_id\":900,\"from\":{\"id\":77,\"is_bot\":false,\"first_name\":\"Tom\","
                + "\"username\":\"tom\",\"language_code\":\"" + lang + "\"},\"chat\":" + chat + ",\"text\":" + FakeGithub.json(text)
                + (replyTo == null ? "" : ",\"reply_to_message\":" + replyTo) + "}}";
    }

    static final String GROUP = "{\"id\":-100123,\"type\":\"supergroup\"}";
    static final String PRIVATE = "{\"id\":77,\"type\":\"private\"}";

    /** Sends a command; returns the update's id once it was accepted. */
    static long command(String chat, String text, String replyTo, String lang) {
        long id = UPDATES.incrementAndGet();
        HttpResponse<String> response = deliver(update(id, chat, text, replyTo, lang), TELEGRAM_SECRET);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return id;
    }

    /** The messages the bot sent, oldest first, once there are {@code count}. */
    static List<JsonNode> sent(int count) {
        await().atMost(Duration.ofSeconds(10)).until(() -> TELEGRAM.findAll(postRequestedFor(urlEqualTo(SEND))).size() >= count);
        return TELEGRAM.findAll(postRequestedFor(urlEqualTo(SEND))).stream().map(LoggedRequest::getBodyAsString).map(FakeGithub::parse).toList();
    }

    @Test
    void theSecretMustMatch() {
        String body = update(UPDATES.incrementAndGet(), PRIVATE, "/gh logout", null, "en");
        assertThat(deliver(body, null).statusCode()).isEqualTo(401);
        HttpResponse<String> wrong = deliver(body, "tg-secret-tokeN");
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(wrong.body()).isEqualTo("Invalid secret");
        assertThat(deliver("{oops", TELEGRAM_SECRET).statusCode()).isEqualTo(400);
        assertThat(deliver("{\"message\":{}}", TELEGRAM_SECRET).statusCode()).isEqualTo(400);
        assertThat(TELEGRAM.findAll(postRequestedFor(urlEqualTo(SEND)))).isEmpty();
    }

    @Test
    void aResentUpdateRunsOnce() throws Exception {
        oliveLinked();
        String body = update(UPDATES.incrementAndGet(), PRIVATE, "/gh logout", null, "en");
        assertThat(deliver(body, TELEGRAM_SECRET).statusCode()).isEqualTo(200);
        assertThat(deliver(body, TELEGRAM_SECRET).statusCode()).isEqualTo(200);
        assertThat(sent(1).get(0).path("text").asText()).isEqualTo("Your GitHub account is unlinked.");
        Thread.sleep(500);
        assertThat(TELEGRAM.findAll(postRequestedFor(urlEqualTo(SEND)))).hasSize(1);
        assertThat(jdbc.queryForList("SELECT action FROM audit_logs WHERE target_id = '77'", String.class)).containsExactly("telegram.unlink");
    }

    @Test
    void aLoginInAGroupIsSentPrivatelyAndTheGroupOnlyHearsThat() {
        command(GROUP, "/gh@HookBot login", null, "en");
        List<JsonNode> messages = sent(2);
        JsonNode privately = messages.get(0);
        assertThat(privately.path("chat_id").asText()).isEqualTo("77");
        assertThat(privately.path("text").asText()).contains(BASE_URL + "/auth/github?link=");
        JsonNode inGroup = messages.get(1);
        assertThat(inGroup.path("chat_id").asText()).isEqualTo("-100123");
        assertThat(inGroup.path("text").asText()).isEqualTo("I sent you the link in a private message.").doesNotContain("http");
        assertThat(inGroup.path("reply_parameters").path("message_id").asInt()).isEqualTo(900);
    }

    @Test
    void whenTheUserNeverOpenedAPrivateChatTheGroupGetsTheBotsStartLinkNotTheSignInLink() {
        TELEGRAM.stubFor(post(urlEqualTo(SEND)).withRequestBody(matchingJsonPath("$.chat_id", equalTo("77")))
                .willReturn(aResponse().withStatus(403).withHeader("Content-Type", "application/json")
                        .withBody("{\"ok\":false,\"error_code\":403,\"description\":\"Forbidden: bot can't initiate conversation with a user\"}")));
        command(GROUP, "/gh login", null, "en");
        List<JsonNode> messages = sent(2);
        assertThat(messages.get(1).path("text").asText())
                .isEqualTo("Start a private chat with me first, then send /gh login there: https://t.me/HookBot?start=login");
    }

    @Test
    void theLinkFlowEndsWithAPrivateConfirmation() {
        command(PRIVATE, "/start login", null, "en");
        String link = url(sent(1).get(0).path("text").asText());
        Browser browser = browser();
        HttpResponse<String> page = openLink(browser, link, "code-olive");
        assertThat(page.body()).contains("Telegram account <strong>@tom</strong> (id 77)", "<strong>@olive</strong>");
        assertThat(confirm(browser, page).statusCode()).isEqualTo(200);

        assertThat(jdbc.queryForObject("SELECT github_user_id FROM telegram_links WHERE telegram_user_id = '77'", String.class)).isEqualTo("1002");
        JsonNode confirmation = sent(2).get(1);
        assertThat(confirmation.path("chat_id").asText()).isEqualTo("77");
        assertThat(confirmation.path("text").asText()).startsWith("Linked to GitHub <b>@olive</b>.");
        assertThat(jdbc.queryForList("SELECT action FROM audit_logs WHERE target_id = '77'", String.class)).containsExactly("telegram.link");
    }

    @Test
    void commentRepliesToANotificationKeepingTheLinesAndReadingCaptions() {
        oliveLinked();
        GITHUB.stubFor(com.github.tomakehurst.wiremock.client.WireMock.post(urlEqualTo("/repos/acme/widget/issues/7/comments"))
                .willReturn(okJson("{\"html_url\":\"https://github.com/acme/widget/pull/7#issuecomment-9\"}")));
        String photo = "{\"message_id\":501,\"caption\":\"acme/widget#7\",\"caption_entities\":[{\"type\":\"text_link\",\"offset\":0,"
                + "\"length\":13,\"url\":\"https://github.com/acme/widget/pull/7\"}]}";
        command(GROUP, "/gh comment LGTM <b>\n\nthanks & bye", photo, "en");

        JsonNode reply = sent(1).get(0);
        assertThat(reply.path("parse_mode").asText()).isEqualTo("HTML");
        assertThat(reply.path("text").asText()).isEqualTo("Commented as @olive: https://github.com/acme/widget/pull/7#issuecomment-9");
        GITHUB.verify(postRequestedFor(urlEqualTo("/repos/acme/widget/issues/7/comments"))
                .withHeader("Authorization", equalTo("Bearer gho_olive"))
                .withRequestBody(equalToJson("{\"body\":\"LGTM <b>\\n\\nthanks & bye\"}")));
    }

    @Test
    void mergeAndCloseActOnThePullRequestOfTheNotification() {
        oliveLinked();
        GITHUB.stubFor(put(urlEqualTo("/repos/acme/widget/pulls/7/merge")).willReturn(okJson("{\"merged\":true}")));
        GITHUB.stubFor(patch(urlEqualTo("/repos/acme/widget/pulls/7")).willReturn(okJson("{\"state\":\"closed\"}")));
        command(GROUP, "/gh@hookbot merge rebase", NOTIFICATION, "en");
        assertThat(sent(1).get(0).path("text").asText()).isEqualTo("Merged acme/widget#7.");
        GITHUB.verify(putRequestedFor(urlEqualTo("/repos/acme/widget/pulls/7/merge")).withRequestBody(equalToJson("{\"merge_method\":\"rebase\"}")));

        command(GROUP, "/gh close", NOTIFICATION, "en");
        assertThat(sent(2).get(1).path("text").asText()).isEqualTo("Closed acme/widget#7.");
        GITHUB.verify(patchRequestedFor(urlEqualTo("/repos/acme/widget/pulls/7")).withRequestBody(equalToJson("{\"state\":\"closed\"}")));
    }

    @Test
    void eachProblemGetsItsReplyInTheUsersLanguageAsValidHtml() {
        command(GROUP, "/gh merge", NOTIFICATION, "en");
        assertThat(sent(1).get(0).path("text").asText()).isEqualTo("Link your GitHub account first: /gh login");
        oliveLinked();
        command(GROUP, "/gh merge", null, "en");
        assertThat(sent(2).get(1).path("text").asText()).isEqualTo("Reply to a notification with this command.");
        command(GROUP, "/gh merge", "{\"message_id\":3,\"text\":\"no link https://evilgithub.com/acme/widget/pull/7\"}", "en");
        assertThat(sent(3).get(2).path("text").asText()).isEqualTo("No pull request link found.");
        command(GROUP, "/gh merge sideways", NOTIFICATION, "en");
        assertThat(sent(4).get(3).path("text").asText()).startsWith("Commands: /gh login");

        GITHUB.stubFor(put(urlEqualTo("/repos/acme/widget/pulls/7/merge")).willReturn(aResponse().withStatus(404)));
        command(GROUP, "/gh merge", NOTIFICATION, "zh-hans");
        assertThat(sent(5).get(4).path("text").asText()).isEqualTo("GitHub 上未找到目标,或你无权访问该仓库。");

        GITHUB.stubFor(put(urlEqualTo("/repos/acme/widget/pulls/7/merge")).willReturn(aResponse().withStatus(422)
                .withHeader("Content-Type", "application/json").withBody("{\"message\":\"Head <sha> & base differ\"}")));
        command(GROUP, "/gh merge", NOTIFICATION, "en");
        assertThat(sent(6).get(5).path("text").asText())
                .isEqualTo("GitHub refused the request as invalid. GitHub says: Head &lt;sha&gt; &amp; base differ");
    }

    @Test
    void commandsForAnotherBotOrOtherTextAreIgnored() throws Exception {
        oliveLinked();
        command(GROUP, "/gh@OtherBot logout", null, "en");
        command(GROUP, "just talking about /gh", null, "en");
        Thread.sleep(500);
        assertThat(TELEGRAM.findAll(postRequestedFor(urlEqualTo(SEND)))).isEmpty();
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM telegram_links", Integer.class)).isEqualTo(1);
    }

    // ---- /gh claim: the chat lets a group post into it

    @org.springframework.beans.factory.annotation.Autowired
    dev.webhooker.consent.ChatClaims claims;

    private String code() {
        return claims.issueCode("team", "1002", "olive", "127.0.0.1").code();
    }

    private boolean teamMayPost(String chatId) {
        return snapshots.current().consent().allows("team", new dev.webhooker.platform.telegram.TelegramTarget(chatId, null));
    }

    private void memberStatus(String status) {
        TELEGRAM.stubFor(post(urlEqualTo("/bot" + TELEGRAM_TOKEN + "/getChatMember"))
                .withRequestBody(matchingJsonPath("$.chat_id", equalTo("-100123")))
                .withRequestBody(matchingJsonPath("$.user_id", equalTo("77")))
                .willReturn(okJson("{\"ok\":true,\"result\":{\"status\":\"" + status + "\",\"user\":{\"id\":77}}}")));
    }

    @Test
    void aGroupAdministratorClaimsTheChatForTheGroupAndTheCodeIsUsedUp() {
        memberStatus("administrator");
        String code = code();
        assertThat(teamMayPost("-100123")).isFalse();

        command("{\"id\":-100123,\"type\":\"supergroup\",\"username\":\"Team_News\"}", "/gh claim " + code, null, "en");

        assertThat(sent(1).get(0).path("text").asText()).isEqualTo("This chat now takes messages from group Team.");
        assertThat(teamMayPost("-100123")).isTrue();
        assertThat(teamMayPost("@team_news")).as("its public name too").isTrue();
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM audit_logs WHERE action = 'chat.claim' AND group_id = 'team'", Integer.class))
                .isEqualTo(1);

        command(GROUP, "/gh claim " + code, null, "en");
        assertThat(sent(2).get(1).path("text").asText()).startsWith("That code is unknown, used or expired.");
    }

    @Test
    void aPlainMemberCannotClaimTheChatAndTheCodeStaysUsable() {
        memberStatus("member");
        String code = code();

        command(GROUP, "/gh claim " + code, null, "en");

        assertThat(sent(1).get(0).path("text").asText()).isEqualTo("Only an administrator of this chat can let a group post here.");
        assertThat(teamMayPost("-100123")).isFalse();
        memberStatus("creator");
        command(GROUP, "/gh claim " + code.toLowerCase(java.util.Locale.ROOT), null, "en");
        assertThat(sent(2).get(1).path("text").asText()).isEqualTo("This chat now takes messages from group Team.");
        assertThat(teamMayPost("-100123")).isTrue();
    }

    @Test
    void whenTelegramCannotSayWhoTheSenderIsTheClaimIsRefused() {
        TELEGRAM.stubFor(post(urlEqualTo("/bot" + TELEGRAM_TOKEN + "/getChatMember")).willReturn(aResponse().withStatus(400)
                .withBody("{\"ok\":false,\"description\":\"Bad Request: user not found\"}")));

        command(GROUP, "/gh claim " + code(), null, "en");

        assertThat(sent(1).get(0).path("text").asText()).isEqualTo("Only an administrator of this chat can let a group post here.");
        assertThat(teamMayPost("-100123")).isFalse();
    }

    @Test
    void aPostInAChannelClaimsTheChannel() {
        String post = "{\"update_id\":" + UPDATES.incrementAndGet() + ",\"channel_post\":{\"message_id\":5,\"chat\":{\"id\":-1009876,"
                + "\"type\":\"channel\",\"title\":\"Releases\"},\"text\":\"/gh claim " + code() + "\"}}";

        assertThat(deliver(post, TELEGRAM_SECRET).statusCode()).isEqualTo(200);

        assertThat(sent(1).get(0).path("text").asText()).isEqualTo("This chat now takes messages from group Team.");
        assertThat(teamMayPost("-1009876")).isTrue();
    }

    // ---- /gh subscribe: a route made from the chat

    private static final String FORUM = "{\"id\":-100123,\"type\":\"supergroup\",\"title\":\"Widgets\",\"is_forum\":true}";

    /** A command typed in topic 42 of the forum supergroup. */
    private static long inTopic(String text) {
        long id = UPDATES.incrementAndGet();
        String body = "{\"update_id\":" + id + ",\"message\":{\"message_id\":901,\"message_thread_id\":42,\"is_topic_message\":true,"
                + "\"from\":{\"id\":77,\"is_bot\":false,\"first_name\":\"Tom\",\"username\":\"tom\",\"language_code\":\"en\"},"
                + "\"chat\":" + FORUM + ",\"text\":" + FakeGithub.json(text) + "}}";
        HttpResponse<String> response = deliver(body, TELEGRAM_SECRET);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return id;
    }

    private java.util.Optional<dev.webhooker.routing.Route> chatRoute() {
        return snapshots.refresh().routesOf("team").stream().filter(r -> r.id().startsWith("chat-")).findFirst();
    }

    @Test
    void aLinkedGroupAdminSubscribesTheTopicChangesListsAndUnsubscribes() {
        oliveLinked();
        memberStatus("administrator");

        inTopic("/gh subscribe acme/widget push pull_request --branch main");
        assertThat(sent(1).get(0).path("text").asText())
                .isEqualTo("Subscribed this chat to acme/widget for group Team: events push, pull_request, branch main.");
        assertThat(sent(1).get(0).path("message_thread_id").asInt()).isEqualTo(42);
        dev.webhooker.routing.Route route = chatRoute().orElseThrow();
        assertThat(route.targets()).containsExactly(new dev.webhooker.platform.telegram.TelegramTarget("-100123", "42"));
        assertThat(route.filters()).extracting(f -> f.type() + "=" + f.match())
                .containsExactly("repo=[acme/widget]", "event=[push, pull_request]", "branch=[main]");
        assertThat(repository.routeOrigins().get("team").get(route.id()).wireName()).isEqualTo("chat");
        // the command is the chat's consent: the group may post there now
        assertThat(teamMayPost("-100123")).isTrue();
        assertThat(jdbc.queryForList("SELECT action FROM audit_logs WHERE group_id = 'team' ORDER BY id", String.class))
                .containsExactly("route.create", "chat.claim");
        // a push to acme/widget on the group's endpoint goes to this topic and nowhere else; another repository's does not
        com.fasterxml.jackson.databind.node.ObjectNode push = (com.fasterxml.jackson.databind.node.ObjectNode) FakeGithub.parse(
                "{\"ref\":\"refs/heads/main\",\"repository\":{\"full_name\":\"acme/widget\"},\"sender\":{\"login\":\"olive\"}}");
        dev.webhooker.routing.RouteSelector selector = new dev.webhooker.routing.RouteSelector();
        assertThat(selector.select(snapshots.current(), new dev.webhooker.routing.WebhookEvent("github", "push", push, null, "team")))
                .flatExtracting(dev.webhooker.routing.Route::targets)
                .containsExactly(new dev.webhooker.platform.telegram.TelegramTarget("-100123", "42"));
        push.putObject("repository").put("full_name", "acme/other");
        assertThat(selector.select(snapshots.current(), new dev.webhooker.routing.WebhookEvent("github", "push", push, null, "team")))
                .isEmpty();
        // the console is told which routes were made from chat, to mark them
        dev.webhooker.testsupport.Browser console = browser();
        FakeGithub.signIn(console, "code-olive", null);
        assertThat(FakeGithub.parse(console.getJson("/admin/api/groups/team/routes").body()).path("fromChat").toString())
                .isEqualTo("[\"" + route.id() + "\"]");

        inTopic("/gh subscribe acme/widget release");
        assertThat(sent(2).get(1).path("text").asText())
                .isEqualTo("Changed the subscription of this chat to acme/widget for group Team: events release, branch *.");
        assertThat(snapshots.refresh().routesOf("team")).hasSize(1);
        assertThat(chatRoute().orElseThrow().filters()).extracting(f -> f.type() + "=" + f.match())
                .containsExactly("repo=[acme/widget]", "event=[release]");

        inTopic("/gh subscriptions");
        assertThat(sent(3).get(2).path("text").asText()).isEqualTo("Sent to this chat:\nTeam: repo acme/widget, event release");

        inTopic("/gh unsubscribe acme/widget");
        assertThat(sent(4).get(3).path("text").asText()).isEqualTo("Unsubscribed this chat from acme/widget (group Team).");
        assertThat(chatRoute()).isEmpty();
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM audit_logs WHERE action = 'route.delete' AND group_id = 'team'",
                Integer.class)).isEqualTo(1);
    }

    @Test
    void aViewerAPlainChatMemberAndAnUnlinkedUserAreRefused() {
        memberStatus("administrator");
        inTopic("/gh subscribe acme/widget");
        assertThat(sent(1).get(0).path("text").asText()).startsWith("Link your GitHub account first");

        oliveLinked();
        repository.replaceAll(List.of(new dev.webhooker.routing.Group("team", "Team", List.of(new dev.webhooker.routing.Group.Member("olive",
                "viewer", "1002")), List.of(), List.of(), List.of(), null, true, List.of(), null, null, false)), List.of());
        snapshots.refresh();
        inTopic("/gh subscribe acme/widget");
        assertThat(sent(2).get(1).path("text").asText()).startsWith("You administer no group here");

        memberStatus("member");
        inTopic("/gh subscribe acme/widget");
        assertThat(sent(3).get(2).path("text").asText()).isEqualTo("Only an administrator of this chat can subscribe it.");

        inTopic("/gh unsubscribe acme/widget");
        assertThat(sent(4).get(3).path("text").asText()).isEqualTo("Only an administrator of this chat can subscribe it.");
        assertThat(chatRoute()).isEmpty();
        assertThat(teamMayPost("-100123")).isFalse();
    }

    @Test
    void whatWasTypedWrongIsSaidInTheUsersLanguage() {
        oliveLinked();
        memberStatus("administrator");
        command(GROUP, "/gh subscribe not-a-repo", null, "en");
        assertThat(sent(1).get(0).path("text").asText()).isEqualTo("That is not a repository: write it as owner/name.");
        command(GROUP, "/gh subscribe acme/widget --colour red", null, "zh");
        assertThat(sent(2).get(1).path("text").asText()).isEqualTo("可用选项为 --branch、--label 和 --group。");
        command(GROUP, "/gh subscribe acme/widget --branch", null, "en");
        assertThat(sent(3).get(2).path("text").asText()).isEqualTo("An option needs a value: --branch main, --group my-team.");
        assertThat(chatRoute()).isEmpty();
    }
}
