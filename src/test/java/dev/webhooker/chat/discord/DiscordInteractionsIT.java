package dev.webhooker.chat.discord;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.delete;
import static com.github.tomakehurst.wiremock.client.WireMock.deleteRequestedFor;
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
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.webhooker.chat.ChatApp;
import dev.webhooker.testsupport.Browser;
import dev.webhooker.testsupport.FakeGithub;
import dev.webhooker.platform.discord.DiscordTarget;

/**
 * {@code POST /discord/interactions} end to end: signed with a real Ed25519 key, against fake GitHub and
 * Discord APIs; every command, context menu, modal and button, the link flow through the OAuth callback,
 * the 3 s rule with a slow GitHub, replays and the error replies.
 */
class DiscordInteractionsIT extends ChatApp {

    private static final AtomicLong IDS = new AtomicLong(System.currentTimeMillis() * 1000);
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String PR = "https://github.com/acme/widget/pull/7";
    private static final String COMMENT = "https://github.com/acme/widget/issues/3#issuecomment-555";

    @BeforeEach
    void olive() {
        FAKE_GITHUB.user("code-olive", "gho_olive", 1002, "olive", null, null);
        FAKE_GITHUB.user("code-mallory", "gho_mallory", 6666, "mallory", null, null);
    }

    /** Olive signed in once (her token is stored) and Discord user 41 is linked to her. */
    private void oliveLinked() {
        FakeGithub.signIn(browser(), "code-olive", null);
        jdbc.update("INSERT INTO discord_links (discord_user_id, github_user_id) VALUES ('41', '1002')");
    }

    // ---- requests

    static HttpResponse<String> send(String body, String signature, String timestamp) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(BASE_URL + "/discord/interactions"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        if (signature != null) {
            request.header("X-Signature-Ed25519", signature);
        }
        if (timestamp != null) {
            request.header("X-Signature-Timestamp", timestamp);
        }
        try {
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static HttpResponse<String> signed(String body) {
        String timestamp = Long.toString(Instant.now().getEpochSecond());
        return send(body, DISCORD_KEYS.sign(timestamp, body.getBytes(StandardCharsets.UTF_8)), timestamp);
    }

    /** A signed interaction; its answer as JSON (after checking it is a 200). */
    static JsonNode interact(String body) {
        HttpResponse<String> response = signed(body);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return FakeGithub.parse(response.body());
    }

    static String interaction(int type, String locale, String data, String extra) {
        long id = IDS.incrementAndGet();
        return "{\"id\":\"" + id + "\",\"application_id\":\"app1\",\"type\":" + type + ",\"token\":\"tok" + id + "\",\"locale\":\"" + locale
                + "\",\"channel_id\":\"500000000000000005\",\"member\":{\"user\":{\"id\":\"41\",\"username\":\"alice\",\"global_name\":\"Alice\"}},"
                + "\"data\":" + data + extra + "}";
    }

    static String slash(String options) {
        return interaction(2, "en-US", "{\"type\":1,\"name\":\"gh\",\"options\":" + options + "}", "");
    }

    static String commentCommand(String op, String link) {
        return slash("[{\"name\":\"comment\",\"type\":2,\"options\":[{\"name\":\"" + op + "\",\"type\":1,\"options\":[{\"name\":\"link\","
                + "\"type\":3,\"value\":\"" + link + "\"}]}]}]");
    }

    static String messageCommand(String name, String embedUrl, String content) {
        return interaction(2, "en-US", "{\"type\":3,\"name\":\"" + name + "\",\"target_id\":\"m1\",\"resolved\":{\"messages\":{\"m1\":"
                + "{\"id\":\"m1\",\"content\":\"" + content + "\",\"embeds\":[" + (embedUrl == null ? "" : "{\"url\":\"" + embedUrl + "\"}")
                + "]}}}}", "");
    }

    static String button(String customId, String locale) {
        return interaction(3, locale, "{\"custom_id\":\"" + customId + "\",\"component_type\":2}",
                ",\"message\":{\"id\":\"600000000000000006\",\"channel_id\":\"500000000000000005\"}");
    }

    static String modalSubmit(String customId, String body) {
        return interaction(5, "en-US", "{\"custom_id\":\"" + customId + "\",\"components\":[{\"type\":1,\"components\":[{\"type\":4,"
                + "\"custom_id\":\"body\",\"value\":" + FakeGithub.json(body) + "}]}]}", "");
    }

    /** The content Discord's @original of the interaction was edited to, once it was. */
    static String editedOriginal(String interaction) {
        String token = FakeGithub.parse(interaction).path("token").asText();
        String path = "/webhooks/app1/" + token + "/messages/@original";
        await().atMost(Duration.ofSeconds(10)).until(() -> !DISCORD.findAll(patchRequestedFor(urlEqualTo(path))).isEmpty());
        List<LoggedRequest> edits = DISCORD.findAll(patchRequestedFor(urlEqualTo(path)));
        assertThat(edits).hasSize(1);
        return FakeGithub.parse(edits.get(0).getBodyAsString()).path("content").asText();
    }

    static void assertEphemeral(JsonNode answer, String content) {
        assertThat(answer.path("type").asInt()).isEqualTo(4);
        assertThat(answer.path("data").path("flags").asInt()).isEqualTo(64);
        assertThat(answer.path("data").path("content").asText()).isEqualTo(content);
    }

    // ---- the endpoint

    @Test
    void pingIsAnsweredWithPong() {
        HttpResponse<String> response = signed("{\"id\":\"1\",\"type\":1}");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        assertThat(FakeGithub.parse(response.body()).path("type").asInt()).isEqualTo(1);
    }

    @Test
    void badMissingOrStaleSignaturesAre401() {
        String body = slash("[{\"name\":\"logout\",\"type\":1}]");
        String now = Long.toString(Instant.now().getEpochSecond());
        String stale = Long.toString(Instant.now().getEpochSecond() - 600);
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        assertThat(send(body, null, now).statusCode()).isEqualTo(401);
        assertThat(send(body, DISCORD_KEYS.sign(now, bytes), null).statusCode()).isEqualTo(401);
        assertThat(send(body, new DiscordKeys().sign(now, bytes), now).statusCode()).isEqualTo(401);
        assertThat(send(body + " ", DISCORD_KEYS.sign(now, bytes), now).statusCode()).isEqualTo(401);
        HttpResponse<String> old = send(body, DISCORD_KEYS.sign(stale, bytes), stale);
        assertThat(old.statusCode()).isEqualTo(401);
        assertThat(old.body()).isEqualTo("Invalid signature");
    }

    @Test
    void aSignedBodyThatIsNotJsonIs400AndAnOversizedOne413() {
        HttpResponse<String> response = signed("{not json");
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).isEqualTo("Invalid JSON");
        assertThat(signed("{\"type\":2,\"x\":\"" + "a".repeat(1024 * 1024) + "\"}").statusCode()).isEqualTo(413);
    }

    @Test
    void aReplayedInteractionRunsNothingTwice() {
        oliveLinked();
        String body = slash("[{\"name\":\"logout\",\"type\":1}]");
        assertEphemeral(interact(body), "Your GitHub account is unlinked.");
        jdbc.update("INSERT INTO discord_links (discord_user_id, github_user_id) VALUES ('41', '1002')");

        HttpResponse<String> again = signed(body);
        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM discord_links", Integer.class)).isEqualTo(1);
    }

    // ---- login, logout

    @Test
    void loginLinksOnlyAfterTheConfirmationNamingBothAccounts() {
        JsonNode answer = interact(slash("[{\"name\":\"login\",\"type\":1}]"));
        assertThat(answer.path("data").path("flags").asInt()).isEqualTo(64);
        String link = url(answer.path("data").path("content").asText());
        assertThat(link).startsWith(BASE_URL + "/auth/github?link=");

        Browser browser = browser();
        HttpResponse<String> page = openLink(browser, link, "code-olive");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("Discord account <strong>Alice</strong> (id 41)", "GitHub account <strong>@olive</strong>");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM discord_links", Integer.class)).as("not before the confirmation").isZero();
        // a link sign-in starts no console session
        assertThat(browser.cookie("wh_admin_session")).isNull();

        HttpResponse<String> done = confirm(browser, page);
        assertThat(done.statusCode()).isEqualTo(200);
        assertThat(done.body()).contains("now acts as <strong>@olive</strong>");
        assertThat(jdbc.queryForObject("SELECT github_user_id FROM discord_links WHERE discord_user_id = '41'", String.class)).isEqualTo("1002");
        assertThat(jdbc.queryForList("SELECT action FROM audit_logs WHERE target_id = '41'", String.class)).containsExactly("discord.link");
        assertThat(confirm(browser, page).statusCode()).as("single use").isEqualTo(410);
    }

    @Test
    void aLinkAsksForTheRepoScopeAndAnExpiredOneSaysSo() {
        String link = url(interact(slash("[{\"name\":\"login\",\"type\":1}]")).path("data").path("content").asText());
        HttpResponse<String> start = browser().get(URI.create(link).getRawPath() + "?" + URI.create(link).getRawQuery());
        assertThat(FakeGithub.query(start.headers().firstValue("Location").orElseThrow())).containsEntry("scope", "repo");

        HttpResponse<String> unknown = browser().get("/auth/github?link=" + "0".repeat(32));
        assertThat(unknown.statusCode()).isEqualTo(410);
        assertThat(unknown.body()).contains("expired");
    }

    @Test
    void someoneElseOpeningTheLinkSeesWhoseChatAccountItIsAndNothingHappensUnlessTheyConfirm() {
        String link = url(interact(slash("[{\"name\":\"login\",\"type\":1}]")).path("data").path("content").asText());
        HttpResponse<String> page = openLink(browser(), link, "code-mallory");
        assertThat(page.body()).contains("<strong>Alice</strong>", "<strong>@mallory</strong>", "If you did not ask for this");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM discord_links", Integer.class)).isZero();
    }

    @Test
    void logoutRemovesTheLinkAndIsAudited() {
        oliveLinked();
        assertEphemeral(interact(slash("[{\"name\":\"logout\",\"type\":1}]")), "Your GitHub account is unlinked.");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM discord_links", Integer.class)).isZero();
        assertThat(jdbc.queryForList("SELECT action FROM audit_logs WHERE target_id = '41'", String.class)).containsExactly("discord.unlink");
        assertEphemeral(interact(slash("[{\"name\":\"logout\",\"type\":1}]")), "No GitHub account was linked.");
    }

    // ---- comments

    @Test
    void addOpensAModalWithAShortIdAndItsSubmitCommentsAsTheUser() {
        oliveLinked();
        GITHUB.stubFor(post(urlEqualTo("/repos/acme/widget/issues/7/comments"))
                .willReturn(okJson("{\"id\":1,\"html_url\":\"https://github.com/acme/widget/pull/7#issuecomment-1\"}")));

        JsonNode modal = interact(commentCommand("add", PR));
        assertThat(modal.path("type").asInt()).isEqualTo(9);
        String customId = modal.path("data").path("custom_id").asText();
        assertThat(customId).matches("ghc:[0-9a-f-]{36}");
        assertThat(modal.path("data").path("title").asText()).isEqualTo("Comment on acme/widget#7");

        String submit = modalSubmit(customId, "line one\nline two");
        JsonNode deferred = interact(submit);
        assertThat(deferred.path("type").asInt()).isEqualTo(5);
        assertThat(deferred.path("data").path("flags").asInt()).isEqualTo(64);
        assertThat(editedOriginal(submit)).isEqualTo("Commented as @olive: https://github.com/acme/widget/pull/7#issuecomment-1");
        GITHUB.verify(postRequestedFor(urlEqualTo("/repos/acme/widget/issues/7/comments"))
                .withHeader("Authorization", equalTo("Bearer gho_olive")).withRequestBody(equalToJson("{\"body\":\"line one\\nline two\"}")));
        assertThat(jdbc.queryForList("SELECT action FROM audit_logs WHERE actor_id = '1002' AND action LIKE 'github.%'", String.class))
                .containsExactly("github.comment.create");

        // the context is single use: the same modal submitted again finds nothing
        assertEphemeral(interact(modalSubmit(customId, "again")), "This form has expired; start again.");
    }

    @Test
    void theAddContextMenuReadsTheNotificationsEmbedAndSlashDelDeletes() {
        oliveLinked();
        JsonNode modal = interact(messageCommand("GitHub: Add comment", PR, "unrelated text"));
        assertThat(modal.path("type").asInt()).isEqualTo(9);
        assertThat(modal.path("data").path("title").asText()).isEqualTo("Comment on acme/widget#7");

        GITHUB.stubFor(delete(urlEqualTo("/repos/acme/widget/issues/comments/555")).willReturn(aResponse().withStatus(404)));
        String del = commentCommand("del", COMMENT);
        assertThat(interact(del).path("type").asInt()).isEqualTo(5);
        assertThat(editedOriginal(del)).isEqualTo("Not found on GitHub, or the repository is not accessible to you.");
        assertThat(jdbc.queryForList("SELECT detail FROM audit_logs WHERE action = 'github.comment.delete'", String.class))
                .singleElement().asString().contains("\"result\":\"NOT_FOUND\"");
    }

    @Test
    void theEditContextMenuPrefillsTheModalAndItsSubmitUpdatesTheComment() {
        oliveLinked();
        GITHUB.stubFor(get(urlEqualTo("/repos/acme/widget/issues/comments/555")).willReturn(okJson("{\"body\":\"old text\"}")));
        GITHUB.stubFor(patch(urlEqualTo("/repos/acme/widget/issues/comments/555")).willReturn(okJson("{\"html_url\":\"" + COMMENT + "\"}")));

        JsonNode modal = interact(messageCommand("GitHub: Edit comment", COMMENT, ""));
        assertThat(modal.path("type").asInt()).isEqualTo(9);
        JsonNode input = modal.path("data").path("components").path(0).path("components").path(0);
        assertThat(input.path("value").asText()).isEqualTo("old text");

        String submit = modalSubmit(modal.path("data").path("custom_id").asText(), "new text");
        assertThat(interact(submit).path("type").asInt()).isEqualTo(5);
        assertThat(editedOriginal(submit)).isEqualTo("Updated: " + COMMENT);
        GITHUB.verify(patchRequestedFor(urlEqualTo("/repos/acme/widget/issues/comments/555")).withRequestBody(equalToJson("{\"body\":\"new text\"}")));
    }

    @Test
    void aSlowGithubOpensTheEditModalEmptyWithinDiscordsDeadline() {
        oliveLinked();
        GITHUB.stubFor(get(urlEqualTo("/repos/acme/widget/issues/comments/555")).willReturn(okJson("{\"body\":\"old\"}").withFixedDelay(5000)));
        long started = System.nanoTime();
        JsonNode modal = interact(commentCommand("edit", COMMENT));
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(2500));
        JsonNode input = modal.path("data").path("components").path(0).path("components").path(0);
        assertThat(input.has("value")).isFalse();
        assertThat(input.path("placeholder").asText()).contains("did not answer in time");
    }

    @Test
    void theOriginalsChineseContextMenuNamesStillWorkAndDeleteIsDeferred() {
        oliveLinked();
        GITHUB.stubFor(delete(urlEqualTo("/repos/acme/widget/issues/comments/555")).willReturn(aResponse().withStatus(204)));
        String command = messageCommand("GitHub: 删除评论", null, "see " + COMMENT);
        assertThat(interact(command).path("type").asInt()).isEqualTo(5);
        assertThat(editedOriginal(command)).isEqualTo("Comment deleted.");
        GITHUB.verify(deleteRequestedFor(urlEqualTo("/repos/acme/widget/issues/comments/555")));
    }

    @Test
    void withoutALinkOrAnAccountTheReplySaysWhatIsMissing() {
        assertEphemeral(interact(commentCommand("add", PR)), "Link your GitHub account first: /gh login");
        oliveLinked();
        assertEphemeral(interact(commentCommand("add", "https://evilgithub.com/acme/widget/pull/7")), "No issue or pull request link found.");
        assertEphemeral(interact(messageCommand("GitHub: Delete comment", PR, "")), "No comment link found (it ends with #issuecomment-…).");
        assertEphemeral(interact(commentCommand("add", "https://git.example.org/team/app/pulls/5")),
                "Not supported for this forge: actions work on github.com only.");
        assertThat(GITHUB.findAll(com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor(
                com.github.tomakehurst.wiremock.client.WireMock.urlMatching("/repos/.*")))).isEmpty();
    }

    // ---- buttons

    @Test
    void mergeIsDeferredAtOnceEvenWhenGithubIsSlowThenTheButtonsGoAndTheReplySaysSo() {
        oliveLinked();
        GITHUB.stubFor(get(urlEqualTo("/repos/acme/widget/pulls/7")).willReturn(okJson("{\"state\":\"open\",\"merged\":false}")));
        GITHUB.stubFor(put(urlEqualTo("/repos/acme/widget/pulls/7/merge")).willReturn(okJson("{\"merged\":true}").withFixedDelay(4000)));

        String click = button("ghpr|merge|acme|widget|7", "en-US");
        long started = System.nanoTime();
        JsonNode answer = interact(click);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
        assertThat(answer.path("type").asInt()).isEqualTo(5);

        assertThat(editedOriginal(click)).isEqualTo("Merged acme/widget#7.");
        GITHUB.verify(putRequestedFor(urlEqualTo("/repos/acme/widget/pulls/7/merge")).withRequestBody(equalToJson("{\"merge_method\":\"squash\"}")));
        DISCORD.verify(patchRequestedFor(urlEqualTo("/channels/500000000000000005/messages/600000000000000006")).withHeader("Authorization", equalTo("Bot discord-bot-token"))
                .withRequestBody(equalToJson("{\"components\":[]}")));
    }

    @Test
    void aPullMergedElsewhereLosesItsButtonsOnTheNextClick() {
        oliveLinked();
        GITHUB.stubFor(get(urlEqualTo("/repos/acme/widget/pulls/7")).willReturn(okJson("{\"state\":\"closed\",\"merged\":true}")));
        String click = button("ghpr|close|acme|widget|7", "en-US");
        interact(click);
        assertThat(editedOriginal(click)).isEqualTo("acme/widget#7 was already merged.");
        DISCORD.verify(patchRequestedFor(urlEqualTo("/channels/500000000000000005/messages/600000000000000006")).withRequestBody(matchingJsonPath("$.components.size()", equalTo("0"))));
        GITHUB.verify(0, com.github.tomakehurst.wiremock.client.WireMock.patchRequestedFor(urlEqualTo("/repos/acme/widget/pulls/7")));
    }

    @Test
    void githubsRefusalIsRepliedInTheUsersLanguageAndTheButtonsStay() {
        oliveLinked();
        GITHUB.stubFor(get(urlEqualTo("/repos/acme/widget/pulls/7")).willReturn(okJson("{\"state\":\"open\",\"merged\":false}")));
        GITHUB.stubFor(put(urlEqualTo("/repos/acme/widget/pulls/7/merge")).willReturn(aResponse().withStatus(405)
                .withHeader("Content-Type", "application/json").withBody("{\"message\":\"Pull Request is not mergeable\"}")));
        String click = button("ghpr|merge|acme|widget|7", "zh-CN");
        interact(click);
        assertThat(editedOriginal(click)).isEqualTo("GitHub 拒绝了操作:该 PR 当前无法这样修改。 GitHub 提示:Pull Request is not mergeable");
        DISCORD.verify(0, patchRequestedFor(urlEqualTo("/channels/500000000000000005/messages/600000000000000006")));

        for (int status : new int[] {403, 404, 500}) {
            GITHUB.stubFor(put(urlEqualTo("/repos/acme/widget/pulls/7/merge")).willReturn(aResponse().withStatus(status)
                    .withBody("{\"message\":\"internal detail that must not show\"}")));
            String again = button("ghpr|merge|acme|widget|7", "en-US");
            interact(again);
            assertThat(editedOriginal(again)).doesNotContain("internal detail").isEqualTo(switch (status) {
                case 403 -> "GitHub refused: you do not have permission.";
                case 404 -> "Not found on GitHub, or the repository is not accessible to you.";
                default -> "GitHub is not answering; try again later.";
            });
        }
    }

    @Test
    void unknownOrOldCustomIdsAndUnlinkedClickersGetAReply() {
        assertEphemeral(interact(button("ghpr|merge|acme|widget|7", "en-US")), "Link your GitHub account first: /gh login");
        oliveLinked();
        assertEphemeral(interact(button("something|from|an|old|build", "en-US")),
                "This button or form is no longer supported; use /gh instead.");
        assertEphemeral(interact(modalSubmit("other:1", "text")), "This button or form is no longer supported; use /gh instead.");
        assertEphemeral(interact(modalSubmit("ghc:" + java.util.UUID.randomUUID(), "text")), "This form has expired; start again.");
        assertEphemeral(interact(modalSubmit("ghc:" + java.util.UUID.randomUUID(), "   ")), "The comment is empty.");
    }

    @Test
    void aModalOpenedByTheOriginalBeforeTheUpgradeIsStillSubmitted() {
        oliveLinked();
        GITHUB.stubFor(post(urlEqualTo("/repos/acme/widget/issues/7/comments")).willReturn(okJson("{\"html_url\":\"https://x/1\"}")));
        String submit = modalSubmit("ghc|add|acme|widget|7", "hello");
        interact(submit);
        assertThat(editedOriginal(submit)).isEqualTo("Commented as @olive: https://x/1");
    }

    // ---- /gh claim: the channel lets a group post into it

    private static final String CHANNEL = "222222222222222222";

    @org.springframework.beans.factory.annotation.Autowired
    dev.webhooker.consent.ChatClaims claims;

    /** {@code /gh claim code} typed in {@code channel} of a server by a member with {@code permissions}. */
    static String claim(String code, String channel, String permissions) {
        long id = IDS.incrementAndGet();
        return "{\"id\":\"" + id + "\",\"application_id\":\"app1\",\"type\":2,\"token\":\"tok" + id + "\",\"locale\":\"en-US\","
                + "\"guild_id\":\"100000000000000001\",\"channel_id\":\"" + channel + "\",\"member\":{\"permissions\":\"" + permissions
                + "\",\"user\":{\"id\":\"41\",\"username\":\"alice\"}},\"data\":{\"type\":1,\"name\":\"gh\",\"options\":[{\"name\":"
                + "\"claim\",\"type\":1,\"options\":[{\"name\":\"code\",\"type\":3,\"value\":\"" + code + "\"}]}]}}";
    }

    private boolean teamMayPost(String channel) {
        return snapshots.current().consent().allows("team", new dev.webhooker.platform.discord.DiscordTarget(channel, null));
    }

    private String code() {
        return claims.issueCode("team", "1002", "olive", "127.0.0.1").code();
    }

    @Test
    void aMemberWhoManagesTheChannelClaimsItForTheGroupOnce() {
        String code = code();
        assertThat(teamMayPost(CHANNEL)).isFalse();

        // Manage Channels (1 << 4) among View Channel and Send Messages
        assertEphemeral(interact(claim(code, CHANNEL, Long.toString((1L << 4) | (1L << 10) | (1L << 11)))),
                "This chat now takes messages from group Team.");

        assertThat(teamMayPost(CHANNEL)).isTrue();
        assertThat(teamMayPost("333333333333333333")).isFalse();
        assertThat(jdbc.queryForObject("SELECT granted_via FROM chat_claims WHERE group_id = 'team' AND chat_id = ?", String.class, CHANNEL))
                .isEqualTo("chat");
        assertEphemeral(interact(claim(code, "333333333333333333", Long.toString(1L << 29))),
                "That code is unknown, used or expired. A group admin gets a new one in the console (Chats).");
        assertThat(teamMayPost("333333333333333333")).isFalse();
    }

    @Test
    void aMemberWithoutTheChannelsManagePermissionsCannotClaimIt() {
        String code = code();

        // View Channel, Send Messages, Manage Messages: not enough to decide who posts in the channel
        assertEphemeral(interact(claim(code, CHANNEL, Long.toString((1L << 10) | (1L << 11) | (1L << 13)))),
                "Only an administrator of this chat can let a group post here.");
        assertEphemeral(interact(claim(code, CHANNEL, "not-a-number")), "Only an administrator of this chat can let a group post here.");
        assertThat(teamMayPost(CHANNEL)).isFalse();

        // the code was not used up: an administrator (1 << 3) still can
        assertEphemeral(interact(claim(code, CHANNEL, Long.toString(1L << 3))), "This chat now takes messages from group Team.");
        assertThat(teamMayPost(CHANNEL)).isTrue();
    }

    @Test
    void aClaimOutsideAServerIsRefused() {
        String dm = claim(code(), CHANNEL, "8").replace("\"guild_id\":\"100000000000000001\",", "")
                .replace("\"member\":{\"permissions\":\"8\",\"user\":", "\"user\":").replace("}},\"data\"", "},\"data\"");
        assertEphemeral(interact(dm), "Type it in the server channel or thread that should take the group's messages.");
        assertThat(teamMayPost(CHANNEL)).isFalse();
    }

    // ---- /gh subscribe: a route made from the channel

    /** {@code /gh <sub>} with {@code options} typed in a thread of {@link #CHANNEL} by a member with {@code permissions}. */
    static String inThread(String sub, String options, String permissions) {
        long id = IDS.incrementAndGet();
        return "{\"id\":\"" + id + "\",\"application_id\":\"app1\",\"type\":2,\"token\":\"tok" + id + "\",\"locale\":\"en-US\","
                + "\"guild_id\":\"100000000000000001\",\"channel_id\":\"444444444444444444\",\"channel\":{\"id\":\"444444444444444444\","
                + "\"type\":11,\"parent_id\":\"" + CHANNEL + "\",\"name\":\"builds\"},\"member\":{\"permissions\":\"" + permissions
                + "\",\"user\":{\"id\":\"41\",\"username\":\"alice\"}},\"data\":{\"type\":1,\"name\":\"gh\",\"options\":[{\"name\":"
                + "\"" + sub + "\",\"type\":1,\"options\":" + options + "}]}}";
    }

    static String option(String name, String value) {
        return "{\"name\":\"" + name + "\",\"type\":3,\"value\":\"" + value + "\"}";
    }

    private java.util.Optional<dev.webhooker.routing.Route> chatRoute() {
        return snapshots.refresh().routesOf("team").stream().filter(r -> r.id().startsWith("chat-")).findFirst();
    }

    @Test
    void aLinkedGroupAdminWhoManagesTheChannelSubscribesTheThreadListsAndUnsubscribes() {
        oliveLinked();
        String manage = Long.toString(1L << 4);

        assertEphemeral(interact(inThread("subscribe", "[" + option("repository", "acme/widget") + "," + option("events", "push, release")
                        + "," + option("branch", "main") + "]", manage)),
                "Subscribed this chat to acme/widget for group Team: events push, release, branch main.");
        dev.webhooker.routing.Route route = chatRoute().orElseThrow();
        assertThat(route.targets()).containsExactly(new dev.webhooker.platform.discord.DiscordTarget(CHANNEL, "444444444444444444"));
        assertThat(route.filters()).extracting(f -> f.type() + "=" + f.match())
                .containsExactly("repo=[acme/widget]", "event=[push, release]", "branch=[main]");
        // the command is the thread's consent (a thread is a chat of its own), not its channel's
        assertThat(snapshots.current().consent().allows("team", route.targets().get(0))).isTrue();
        assertThat(teamMayPost(CHANNEL)).isFalse();

        assertEphemeral(interact(inThread("subscriptions", "[]", "0")),
                "Sent to this chat:\nTeam: repo acme/widget, event push | release, branch main");

        assertEphemeral(interact(inThread("unsubscribe", "[" + option("repository", "acme/widget") + "]", manage)),
                "Unsubscribed this chat from acme/widget (group Team).");
        assertThat(chatRoute()).isEmpty();
        assertThat(jdbc.queryForList("SELECT action FROM audit_logs WHERE group_id = 'team' ORDER BY id", String.class))
                .containsExactly("route.create", "chat.claim", "route.delete");
    }

    @Test
    void aViewerOrAMemberWhoCannotManageTheChannelIsRefused() {
        oliveLinked();
        String subscribe = "[" + option("repository", "acme/widget") + "]";
        assertEphemeral(interact(inThread("subscribe", subscribe, Long.toString(1L << 11))),
                "Only an administrator of this chat can subscribe it.");

        repository.replaceAll(List.of(new dev.webhooker.routing.Group("team", "Team", List.of(new dev.webhooker.routing.Group.Member("olive",
                "viewer", "1002")), List.of(), List.of(), List.of(), null, true, List.of(), null, null, false)), List.of());
        snapshots.refresh();
        assertThat(interact(inThread("subscribe", subscribe, "8")).path("data").path("content").asText())
                .startsWith("You administer no group here");
        assertThat(chatRoute()).isEmpty();
        assertThat(teamMayPost(CHANNEL)).isFalse();
    }
}
