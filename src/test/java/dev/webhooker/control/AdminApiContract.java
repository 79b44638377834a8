package dev.webhooker.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;

import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.Target;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;
import dev.webhooker.testsupport.Browser;
import dev.webhooker.testsupport.FakeGithub;
import dev.webhooker.testsupport.GithubWebhooks;
import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.platform.webhook.WebhookTarget;

/**
 * The admin API as each role meets it, signed in through a fake GitHub, on whichever stores the subclass
 * starts the application with.
 */
abstract class AdminApiContract {

    static final FakeGithub GITHUB = new FakeGithub();
    static final String SUPER_ID = "9919";

    static void adminProperties(DynamicPropertyRegistry registry) {
        GITHUB.properties(registry);
        registry.add("webhooker.admin.user-ids", () -> SUPER_ID);
        registry.add("webhooker.config.file", () -> "");
        registry.add("webhooker.delivery.enabled", () -> "false");
        registry.add("webhooker.limits.routes-per-group", () -> "4");
        registry.add("webhooker.limits.invites-per-group", () -> "3");
    }

    @LocalServerPort
    int port;

    @Autowired
    KvStore kv;

    @Autowired
    ConfigRepository repository;

    @Autowired
    ConfigSnapshots snapshots;

    @Autowired
    JdbcTemplate jdbc;

    /** Spring MVC's own (Camel's platform-http has another, for the routes). */
    @Autowired
    @org.springframework.beans.factory.annotation.Qualifier("requestMappingHandlerMapping")
    org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping mappings;

    @BeforeEach
    void usersAndGroups() {
        GITHUB.server().resetAll();
        GITHUB.user("root", Long.parseLong(SUPER_ID), "root");
        GITHUB.user("olive", 1002, "olive");
        GITHUB.user("adam", 1003, "adam");
        GITHUB.user("vera", 1004, "vera");
        GITHUB.user("stranger", 1005, "stranger");
        jdbc.update("DELETE FROM chat_claims");
        repository.replaceAll(List.of(
                new Group("team", "Team", List.of(new Group.Member("olive", "owner", "1002"), new Group.Member("adam", "admin"),
                        new Group.Member("vera", "viewer")), List.of(), List.of(), List.of(), null, true, List.of(), null, null, false),
                new Group("elsewhere", "Elsewhere", List.of(new Group.Member("stranger", "owner")), List.of(), List.of(), List.of(), null,
                        true, List.of(), null, null, false)),
                List.of(route("team-pushes", "team"), route("other-pushes", "elsewhere")));
        snapshots.refresh();
        kv.delete(KvKeys.TENANT.key("team"));
        kv.delete(KvKeys.TENANT_PREVIOUS.key("team"));
        kv.scan(KvKeys.INVITE.prefix()).forEach(kv::delete);
    }

    private static Route route(String id, String groupId) {
        return new Route(id, groupId, id, true, List.of(new Filter("event", List.of("push"), false)), null,
                List.of(new DiscordTarget("123123123123123123", null)), false, false, List.of());
    }

    Browser signedIn(String code) {
        Browser browser = new Browser(port);
        HttpResponse<String> callback = FakeGithub.signIn(browser, code, null);
        assertThat(callback.statusCode()).as(callback.body()).isEqualTo(302);
        return browser;
    }

    static JsonNode body(HttpResponse<String> response) {
        return FakeGithub.parse(response.body());
    }

    /** A signed GitHub ping to the group's own endpoint; the status it gets. */
    int pingGroupEndpoint(String groupId, String secret) throws Exception {
        return sendToGroupEndpoint(groupId, secret, "ping",
                "{\"zen\":\"Keep it logically awesome.\",\"hook_id\":" + System.nanoTime() + "}").statusCode();
    }

    HttpResponse<String> sendToGroupEndpoint(String groupId, String secret, String event, String json) throws Exception {
        return GithubWebhooks.post("http://127.0.0.1:" + port + "/webhook/" + groupId, secret, event, UUID.randomUUID().toString(),
                json.getBytes(StandardCharsets.UTF_8));
    }

    // ---------------------------------------------------------------- reading

    @Test
    void eachCallerSeesTheGroupsAndRoutesOfTheirScope() {
        Browser vera = signedIn("vera");
        JsonNode groups = body(vera.getJson("/admin/api/groups"));
        assertThat(groups.path("groups")).extracting(g -> g.path("id").asText()).containsExactly("team");
        assertThat(groups.path("roles").path("team").asText()).isEqualTo("viewer");
        assertThat(groups.path("isSuper").asBoolean()).isFalse();
        assertThat(body(vera.getJson("/admin/api/routes")).path("routes")).extracting(r -> r.path("id").asText())
                .containsExactly("team-pushes");
        JsonNode teamRoutes = body(vera.getJson("/admin/api/groups/team/routes"));
        assertThat(teamRoutes.path("group").path("name").asText()).isEqualTo("Team");
        assertThat(teamRoutes.path("routes")).extracting(r -> r.path("id").asText()).containsExactly("team-pushes");
        JsonNode one = body(vera.getJson("/admin/api/groups/team"));
        assertThat(one.path("role").asText()).isEqualTo("viewer");
        assertThat(one.path("capabilities")).extracting(JsonNode::asText).containsExactly("view");

        Browser root = signedIn("root");
        assertThat(body(root.getJson("/admin/api/groups")).path("groups")).hasSize(2);
        assertThat(body(root.getJson("/admin/api/routes")).path("routes")).hasSize(2);
    }

    @Test
    void someoneElsesGroupAndAGroupThatDoesNotExistLookTheSame() {
        Browser vera = signedIn("vera");
        HttpResponse<String> foreign = vera.getJson("/admin/api/groups/elsewhere");
        HttpResponse<String> missing = vera.getJson("/admin/api/groups/no-such-group");

        assertThat(foreign.statusCode()).isEqualTo(404);
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(foreign.body()).isEqualTo(missing.body()).isEqualTo("{\"error\":\"Group not found\"}");
        assertThat(vera.getJson("/admin/api/groups/elsewhere/routes").body()).isEqualTo(missing.body());
        assertThat(vera.getJson("/admin/api/groups/elsewhere/webhook").body()).isEqualTo(missing.body());
    }

    // ---------------------------------------------------------------- chats consenting to a group

    @Autowired
    dev.webhooker.consent.ChatClaims claims;

    static final String FOREIGN_CHANNEL = "777777777777777777";

    /** A push route to one Discord channel, worded by {@code template} (JSON). */
    static String worded(String id, String template) {
        String route = routeTo(id, "123123123123123123");
        return route.substring(0, route.length() - 1) + ",\"template\":" + template + "}";
    }

    static String routeTo(String id, String... channels) {
        StringBuilder targets = new StringBuilder();
        for (String channel : channels) {
            targets.append(targets.length() == 0 ? "" : ",").append("{\"platform\":\"discord\",\"channelId\":\"").append(channel).append("\"}");
        }
        return "{\"id\":\"" + id + "\",\"name\":\"" + id + "\",\"enabled\":true,\"filters\":[{\"type\":\"event\",\"match\":[\"push\"]}],"
                + "\"targets\":[" + targets + "]}";
    }

    private List<String> waitingChats(Browser browser) {
        JsonNode chats = body(browser.getJson("/admin/api/groups/team/chats"));
        List<String> waiting = new java.util.ArrayList<>();
        chats.path("waiting").forEach(w -> waiting.add(w.path("routeId").asText() + "/" + w.path("target").asInt() + "=" + w.path("chatId").asText()));
        return waiting;
    }

    @Test
    void aGroupAdminsTargetWaitsForItsChatUntilTheChatClaimsTheGroup() {
        Browser adam = signedIn("adam");
        HttpResponse<String> created = adam.json("POST", "/admin/api/groups/team/routes", routeTo("news", FOREIGN_CHANNEL, "123123123123123123"));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        assertThat(body(created).path("waiting")).extracting(JsonNode::asInt).as("the operator's channel is granted").containsExactly(0);
        assertThat(waitingChats(adam)).containsExactly("news/0=" + FOREIGN_CHANNEL);
        assertThat(snapshots.current().consent().allows("team", new DiscordTarget(FOREIGN_CHANNEL, null))).isFalse();
        JsonNode listed = body(signedIn("vera").getJson("/admin/api/groups/team/routes"));
        assertThat(listed.path("waiting")).extracting(w -> w.path("chatId").asText()).containsExactly(FOREIGN_CHANNEL);

        assertThat(signedIn("vera").json("POST", "/admin/api/groups/team/chats/code", "{}").statusCode()).as("a viewer").isEqualTo(403);
        assertThat(signedIn("stranger").json("POST", "/admin/api/groups/team/chats/code", "{}").statusCode()).isEqualTo(404);
        JsonNode issued = body(adam.json("POST", "/admin/api/groups/team/chats/code", "{}"));
        String code = issued.path("code").asText();
        assertThat(code).matches("[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}");
        assertThat(issued.path("command").asText()).isEqualTo("/gh claim " + code);
        assertThat(kv.get(KvKeys.CHAT_CLAIM_CODE.key(code))).as("kept only by its hash").isEmpty();

        // what /gh claim does once the chat command has checked that its sender administers the channel
        var redeemed = claims.redeem(code, new dev.webhooker.consent.ChatClaims.ClaimingChat("discord", FOREIGN_CHANNEL,
                null, "41", "alice"));
        assertThat(redeemed).get().extracting(r -> r.groupId()).isEqualTo("team");
        assertThat(claims.redeem(code, new dev.webhooker.consent.ChatClaims.ClaimingChat("discord", "888888888888888888",
                null, "41", "alice"))).as("single use").isEmpty();
        assertThat(waitingChats(adam)).isEmpty();
        JsonNode claimList = body(adam.getJson("/admin/api/groups/team/chats")).path("claims");
        assertThat(claimList).extracting(c -> c.path("chatId").asText() + ":" + c.path("via").asText())
                .containsExactlyInAnyOrder("123123123123123123:operator", FOREIGN_CHANNEL + ":chat");

        HttpResponse<String> revoked = adam.json("DELETE", "/admin/api/groups/team/chats/discord/" + FOREIGN_CHANNEL, null);
        assertThat(revoked.statusCode()).as(revoked.body()).isEqualTo(200);
        assertThat(waitingChats(adam)).as("revoking holds the target again").containsExactly("news/0=" + FOREIGN_CHANNEL);
        assertThat(adam.json("DELETE", "/admin/api/groups/team/chats/discord/" + FOREIGN_CHANNEL, null).statusCode()).isEqualTo(404);

        String approval = "{\"platform\":\"discord\",\"chatId\":\"" + FOREIGN_CHANNEL + "\"}";
        HttpResponse<String> refused = adam.json("POST", "/admin/api/groups/team/chats", approval);
        assertThat(refused.statusCode()).as("only a super admin approves").isEqualTo(403);
        assertThat(waitingChats(adam)).hasSize(1);
        Browser root = signedIn("root");
        assertThat(root.json("POST", "/admin/api/groups/team/chats", "{\"platform\":\"discord\",\"chatId\":\"../1\"}").statusCode())
                .isEqualTo(400);
        assertThat(root.json("POST", "/admin/api/groups/team/chats", approval).statusCode()).isEqualTo(201);
        assertThat(waitingChats(adam)).isEmpty();
        assertThat(jdbc.queryForList("SELECT action FROM audit_logs WHERE group_id = 'team' AND action LIKE 'chat.%' ORDER BY id",
                String.class)).containsExactly("chat.claim-code", "chat.claim", "chat.revoke", "chat.approve");
    }

    @Test
    void aSuperAdminsNewTargetIsGrantedButSavingAListThatHoldsAWaitingOneApprovesNothing() {
        Browser root = signedIn("root");
        assertThat(body(root.json("POST", "/admin/api/groups/team/routes", routeTo("ops", "888888888888888888"))).path("waiting")).isEmpty();
        Browser adam = signedIn("adam");
        assertThat(adam.json("POST", "/admin/api/groups/team/routes", routeTo("news", FOREIGN_CHANNEL)).statusCode()).isEqualTo(201);

        JsonNode routes = body(root.getJson("/admin/api/groups/team/routes")).path("routes");
        HttpResponse<String> saved = root.json("PUT", "/admin/api/groups/team/routes", "{\"routes\":" + routes + "}");
        assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);

        assertThat(waitingChats(adam)).containsExactly("news/0=" + FOREIGN_CHANNEL);
        assertThat(snapshots.current().consent().allows("team", new DiscordTarget("888888888888888888", null))).isTrue();
    }

    @Test
    void idsThatWouldChangeADiscordRequestPathAreRefusedWhereTheyAreWritten() {
        Browser adam = signedIn("adam");
        HttpResponse<String> crosspost = adam.json("POST", "/admin/api/groups/team/routes",
                routeTo("x", "2000000000000000002/messages/3000000000000000003/crosspost?x="));
        assertThat(crosspost.statusCode()).isEqualTo(400);
        assertThat(body(crosspost).path("field").asText()).isEqualTo("targets[0].channelId");
        HttpResponse<String> traversal = adam.json("POST", "/admin/api/groups/team/routes", routeTo("y", "123123123123123123")
                .replace("\"}]}", "\",\"threadId\":\"../../../guilds/1/channels#\"}]}"));
        assertThat(traversal.statusCode()).as(traversal.body()).isEqualTo(400);
        assertThat(body(traversal).path("field").asText()).isEqualTo("targets[0].threadId");
        assertThat(repository.findRoute("team", "x")).isEmpty();
        assertThat(repository.findRoute("team", "y")).isEmpty();
    }

    // ---------------------------------------------------------------- the group's webhook secret

    @Test
    void onlyOwnersManageTheWebhookSecret() {
        assertThat(signedIn("adam").getJson("/admin/api/groups/team/webhook").statusCode()).isEqualTo(403);
        assertThat(signedIn("vera").json("POST", "/admin/api/groups/team/webhook/regenerate", "{}").statusCode()).isEqualTo(403);
        assertThat(signedIn("stranger").json("DELETE", "/admin/api/groups/team/webhook", null).statusCode()).isEqualTo(404);
        assertThat(kv.get(KvKeys.TENANT.key("team"))).isEmpty();

        Browser olive = signedIn("olive");
        JsonNode info = body(olive.getJson("/admin/api/groups/team/webhook"));
        assertThat(info.path("url").asText()).endsWith("/webhook/team");
        assertThat(info.path("hasSecret").asBoolean()).isFalse();
        assertThat(olive.json("POST", "/admin/api/groups/team/webhook/regenerate", "{}", null).statusCode())
                .as("no Origin").isEqualTo(403);
        assertThat(olive.json("POST", "/admin/api/groups/team/webhook/regenerate", "{}", "https://evil.example").statusCode())
                .isEqualTo(403);
        assertThat(kv.get(KvKeys.TENANT.key("team"))).isEmpty();
    }

    @Test
    void aNewSecretWorksAtOnceTheOldOneStopsAndDisablingClosesTheEndpoint() throws Exception {
        Browser olive = signedIn("olive");
        assertThat(pingGroupEndpoint("team", "anything")).as("no secret yet").isEqualTo(404);

        JsonNode first = body(olive.json("POST", "/admin/api/groups/team/webhook/regenerate", null));
        String secret = first.path("secret").asText();
        assertThat(secret).matches("[0-9a-f]{64}");
        assertThat(first.path("url").asText()).endsWith("/webhook/team");
        assertThat(kv.get(KvKeys.TENANT.key("team"))).get().asString().startsWith("v1:").doesNotContain(secret);
        assertThat(body(olive.getJson("/admin/api/groups/team/webhook")).path("hasSecret").asBoolean()).isTrue();
        assertThat(pingGroupEndpoint("team", secret)).isEqualTo(200);

        String second = body(olive.json("POST", "/admin/api/groups/team/webhook/regenerate", "{}")).path("secret").asText();
        assertThat(second).isNotEqualTo(secret);
        assertThat(pingGroupEndpoint("team", secret)).as("replaced without overlap").isEqualTo(401);
        assertThat(pingGroupEndpoint("team", second)).isEqualTo(200);

        String third = body(olive.json("POST", "/admin/api/groups/team/webhook/regenerate", "{\"overlap\":\"1h\"}")).path("secret").asText();
        assertThat(pingGroupEndpoint("team", second)).as("within the overlap").isEqualTo(200);
        assertThat(pingGroupEndpoint("team", third)).isEqualTo(200);
        assertThat(kv.get(KvKeys.TENANT_PREVIOUS.key("team"))).get().asString().doesNotContain(second);

        assertThat(body(olive.json("DELETE", "/admin/api/groups/team/webhook", null)).path("ok").asBoolean()).isTrue();
        assertThat(pingGroupEndpoint("team", third)).isEqualTo(404);
        assertThat(pingGroupEndpoint("team", second)).isEqualTo(404);
        assertThat(jdbc.queryForList("SELECT action FROM audit_logs WHERE group_id = 'team' AND action LIKE 'webhook.secret.%' "
                + "ORDER BY id DESC", String.class)).startsWith("webhook.secret.delete", "webhook.secret.regenerate");
    }

    @Test
    void aSecretStoredByWebHookerInPlainTextStillVerifies() throws Exception {
        String legacy = "ab".repeat(32);
        kv.put(KvKeys.TENANT.key("team"), legacy, null);

        assertThat(pingGroupEndpoint("team", legacy)).isEqualTo(200);
    }

    @Test
    void aBadOverlapIsRefusedAndChangesNothing() {
        Browser olive = signedIn("olive");
        HttpResponse<String> tooLong = olive.json("POST", "/admin/api/groups/team/webhook/regenerate", "{\"overlap\":\"30d\"}");
        assertThat(tooLong.statusCode()).isEqualTo(400);
        assertThat(body(tooLong).path("detail").asText()).contains("overlap");
        HttpResponse<String> garbage = olive.json("POST", "/admin/api/groups/team/webhook/regenerate", "{\"overlap\":\"soon\"}");
        assertThat(garbage.statusCode()).isEqualTo(400);
        HttpResponse<String> notJson = olive.json("POST", "/admin/api/groups/team/webhook/regenerate", "{overlap");
        assertThat(notJson.statusCode()).isEqualTo(400);
        assertThat(body(notJson).path("error").asText()).isEqualTo("Invalid JSON body");
        assertThat(kv.get(KvKeys.TENANT.key("team"))).isEmpty();
    }

    // ---------------------------------------------------------------- writing one group

    private static String teamWith(String name, String membersJson) {
        return "{\"name\":\"" + name + "\",\"members\":" + membersJson + "}";
    }

    private static final String TEAM_MEMBERS = "[{\"login\":\"olive\",\"role\":\"owner\",\"userId\":\"1002\"},"
            + "{\"login\":\"adam\",\"role\":\"admin\"},{\"login\":\"vera\",\"role\":\"viewer\"}]";

    private HttpResponse<String> put(Browser browser, String path, String body, String ifMatch) {
        return browser.json("PUT", path, body, browser.origin(), ifMatch);
    }

    @Test
    void anOwnerEditsTheGroupNamingTheVersionAndAStaleWriteIsRefused() {
        Browser olive = signedIn("olive");
        HttpResponse<String> read = olive.getJson("/admin/api/groups/team");
        String etag = read.headers().firstValue("ETag").orElseThrow();
        int version = body(read).path("version").asInt();
        assertThat(etag).isEqualTo("\"" + version + "\"");

        HttpResponse<String> saved = put(olive, "/admin/api/groups/team", teamWith("Team A", TEAM_MEMBERS), etag);
        assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
        assertThat(body(saved).path("version").asInt()).isEqualTo(version + 1);
        assertThat(snapshots.current().group("team").orElseThrow().name()).isEqualTo("Team A");
        assertThat(jdbc.queryForList("SELECT detail FROM audit_logs WHERE action = 'group.update' AND group_id = 'team'", String.class))
                .contains("{\"fields\":[\"name\"]}");

        HttpResponse<String> stale = put(olive, "/admin/api/groups/team", teamWith("Team B", TEAM_MEMBERS), etag);
        assertThat(stale.statusCode()).isEqualTo(412);
        assertThat(body(stale).path("version").asInt()).isEqualTo(version + 1);
        assertThat(snapshots.current().group("team").orElseThrow().name()).isEqualTo("Team A");
        assertThat(put(olive, "/admin/api/groups/team", teamWith("Team C", TEAM_MEMBERS), null).statusCode())
                .as("no version").isEqualTo(428);
    }

    @Test
    void ofTwoWritersOfTheSameVersionExactlyOneWins() throws Exception {
        Browser olive = signedIn("olive");
        Browser root = signedIn("root");
        String etag = olive.getJson("/admin/api/groups/team").headers().firstValue("ETag").orElseThrow();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
            var first = pool.submit(() -> {
                go.await();
                return put(olive, "/admin/api/groups/team", teamWith("By Olive", TEAM_MEMBERS), etag).statusCode();
            });
            var second = pool.submit(() -> {
                go.await();
                return put(root, "/admin/api/groups/team", teamWith("By Root", TEAM_MEMBERS), etag).statusCode();
            });
            go.countDown();
            assertThat(List.of(first.get(), second.get())).containsExactlyInAnyOrder(200, 412);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void ownersCannotSetTheSenderGatesNorLeaveTheGroupWithoutAnOwner() {
        Browser olive = signedIn("olive");
        String etag = olive.getJson("/admin/api/groups/team").headers().firstValue("ETag").orElseThrow();

        HttpResponse<String> gate = put(olive, "/admin/api/groups/team",
                "{\"name\":\"Team\",\"members\":" + TEAM_MEMBERS + ",\"installationId\":77}", etag);
        assertThat(gate.statusCode()).isEqualTo(403);
        assertThat(body(gate).path("detail").asText()).contains("installationId");
        HttpResponse<String> orphan = put(olive, "/admin/api/groups/team", teamWith("Team", "[]"), etag);
        assertThat(orphan.statusCode()).isEqualTo(400);
        assertThat(body(orphan).path("error").asText()).contains("last owner");
        HttpResponse<String> noOwner = put(olive, "/admin/api/groups/team",
                teamWith("Team", "[{\"login\":\"olive\",\"role\":\"admin\"}]"), etag);
        assertThat(noOwner.statusCode()).isEqualTo(400);
        assertThat(body(noOwner).path("detail").asText()).contains("members");

        Browser root = signedIn("root");
        assertThat(put(root, "/admin/api/groups/team", "{\"name\":\"Team\",\"members\":" + TEAM_MEMBERS
                + ",\"owners\":[\"myorg\"]}", etag).statusCode()).isEqualTo(200);
        assertThat(snapshots.current().group("team").orElseThrow().owners()).containsExactly("myorg");
    }

    @Test
    void memberChangesAreAuditedOneByOne() {
        Browser vera = signedIn("vera");
        Browser olive = signedIn("olive");
        String etag = olive.getJson("/admin/api/groups/team").headers().firstValue("ETag").orElseThrow();
        String members = "[{\"login\":\"olive\",\"role\":\"owner\",\"userId\":\"1002\"},"
                + "{\"login\":\"adam\",\"role\":\"owner\"},{\"login\":\"newcomer\",\"role\":\"viewer\"}]";

        assertThat(put(olive, "/admin/api/groups/team", teamWith("Team", members), etag).statusCode()).isEqualTo(200);
        assertThat(jdbc.queryForList("SELECT action || ' ' || detail FROM audit_logs WHERE group_id = 'team' "
                + "AND action LIKE 'group.member.%' ORDER BY id DESC FETCH FIRST 3 ROWS ONLY", String.class))
                .containsExactlyInAnyOrder("group.member.role {\"login\":\"adam\",\"role\":\"owner\"}",
                        "group.member.add {\"login\":\"newcomer\",\"role\":\"viewer\"}",
                        "group.member.remove {\"login\":\"vera\"}");
        assertThat(vera.getJson("/admin/api/groups/team").statusCode()).as("her session, removed at once").isEqualTo(403);
    }

    @Test
    void badGroupsAreRefusedWithTheFieldNamed() {
        Browser olive = signedIn("olive");
        String etag = olive.getJson("/admin/api/groups/team").headers().firstValue("ETag").orElseThrow();

        HttpResponse<String> unknown = put(olive, "/admin/api/groups/team", "{\"name\":\"Team\",\"colour\":\"red\"}", etag);
        assertThat(unknown.statusCode()).isEqualTo(400);
        assertThat(body(unknown).path("detail").asText()).contains("colour");
        HttpResponse<String> role = put(olive, "/admin/api/groups/team",
                teamWith("Team", "[{\"login\":\"olive\",\"role\":\"owner\"},{\"login\":\"x\",\"role\":\"king\"}]"), etag);
        assertThat(role.statusCode()).isEqualTo(400);
        assertThat(body(role).path("detail").asText()).contains("members[1].role");
        HttpResponse<String> longName = put(olive, "/admin/api/groups/team", teamWith("x".repeat(500), TEAM_MEMBERS), etag);
        assertThat(longName.statusCode()).isEqualTo(400);
        assertThat(body(longName).path("detail").asText()).contains("name");
        assertThat(put(olive, "/admin/api/groups/team", "[1,2]", etag).statusCode()).isEqualTo(400);
        HttpResponse<String> wrongType = put(olive, "/admin/api/groups/team", "{\"name\":5,\"members\":" + TEAM_MEMBERS + "}", etag);
        assertThat(wrongType.statusCode()).as(wrongType.body()).isEqualTo(400);
        assertThat(body(wrongType).path("detail").asText()).contains("name");
        HttpResponse<String> longLogin = put(olive, "/admin/api/groups/team",
                teamWith("Team", "[{\"login\":\"olive\",\"role\":\"owner\"},{\"login\":\"" + "x".repeat(40) + "\",\"role\":\"viewer\"}]"), etag);
        assertThat(longLogin.statusCode()).isEqualTo(400);
        assertThat(body(longLogin).path("detail").asText()).contains("members[1].login: longer than 39 characters");
        HttpResponse<String> huge = put(olive, "/admin/api/groups/team", teamWith("x".repeat(1_100_000), TEAM_MEMBERS), etag);
        assertThat(huge.statusCode()).as("a body over 1 MiB").isEqualTo(413);
        assertThat(body(huge).has("error")).isTrue();
        assertThat(snapshots.current().group("team").orElseThrow().name()).isEqualTo("Team");
        assertThat(signedIn("adam").json("PUT", "/admin/api/groups/team", teamWith("Mine", TEAM_MEMBERS), null, etag)
                .statusCode()).as("admins do not edit the group").isEqualTo(403);
    }

    @Test
    void onlySuperAdminsCreateGroupsAndOwnersDeleteTheirsWithRoutesAndSecret() throws Exception {
        assertThat(signedIn("olive").json("POST", "/admin/api/groups", "{\"id\":\"new-one\",\"name\":\"New\"}").statusCode())
                .isEqualTo(403);
        Browser root = signedIn("root");
        HttpResponse<String> created = root.json("POST", "/admin/api/groups", "{\"id\":\"new-one\",\"name\":\"New\"}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        assertThat(snapshots.current().group("new-one")).isPresent();
        assertThat(root.json("POST", "/admin/api/groups", "{\"id\":\"new-one\",\"name\":\"Again\"}").statusCode()).isEqualTo(400);

        Browser olive = signedIn("olive");
        String secret = body(olive.json("POST", "/admin/api/groups/team/webhook/regenerate", "{}")).path("secret").asText();
        String etag = olive.getJson("/admin/api/groups/team").headers().firstValue("ETag").orElseThrow();
        assertThat(signedIn("adam").json("DELETE", "/admin/api/groups/team", null, adamOrigin(), etag).statusCode()).isEqualTo(403);
        HttpResponse<String> deleted = olive.json("DELETE", "/admin/api/groups/team", null, olive.origin(), etag);
        assertThat(deleted.statusCode()).as(deleted.body()).isEqualTo(200);
        assertThat(snapshots.current().group("team")).isEmpty();
        assertThat(snapshots.current().routes()).extracting(Route::id).doesNotContain("team-pushes");
        assertThat(kv.get(KvKeys.TENANT.key("team"))).isEmpty();
        assertThat(pingGroupEndpoint("team", secret)).isEqualTo(404);
        assertThat(jdbc.queryForList("SELECT action FROM audit_logs WHERE group_id = 'team' ORDER BY id DESC", String.class))
                .first().isEqualTo("group.delete");
    }

    private String adamOrigin() {
        return "http://localhost:" + port;
    }

    @Test
    void aGroupDeletedByAWholeListWriteTakesItsSecretInvitesAndClaimsAlongAndANewGroupOfTheSameIdInheritsNone() throws Exception {
        Browser olive = signedIn("olive");
        String secret = body(olive.json("POST", "/admin/api/groups/team/webhook/regenerate", "{}")).path("secret").asText();
        String invite = body(olive.json("POST", "/admin/api/groups/team/invites", "{\"role\":\"admin\"}")).path("token").asText();
        assertThat(snapshots.current().consent().claimsOf("team")).isNotEmpty();
        Browser root = signedIn("root");
        JsonNode groups = body(root.getJson("/admin/api/groups")).path("groups");
        com.fasterxml.jackson.databind.node.ArrayNode kept = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
        groups.forEach(g -> { if (!g.path("id").asText().equals("team")) kept.add(g); });

        HttpResponse<String> written = root.json("PUT", "/admin/api/groups", "{\"groups\":" + kept + "}");

        assertThat(written.statusCode()).as(written.body()).isEqualTo(200);
        assertThat(snapshots.current().group("team")).isEmpty();
        assertThat(kv.get(KvKeys.TENANT.key("team"))).isEmpty();
        assertThat(kv.get(KvKeys.INVITE.key(invite))).isEmpty();
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM chat_claims WHERE group_id = 'team'", Integer.class)).isZero();

        assertThat(root.json("POST", "/admin/api/groups", "{\"id\":\"team\",\"name\":\"Team again\"}").statusCode()).isEqualTo(201);
        assertThat(pingGroupEndpoint("team", secret)).as("the old secret opens nothing").isEqualTo(404);
        assertThat(snapshots.current().consent().claimsOf("team")).isEmpty();
        Browser stranger = signedIn("stranger");
        HttpResponse<String> accept = stranger.get("/admin/invite?token=" + invite);
        assertThat(accept.body()).doesNotContain("Team again");
        assertThat(snapshots.current().group("team").orElseThrow().members()).isEmpty();
    }

    // ---------------------------------------------------------------- writing one route

    private static final String RELEASES = "{\"id\":\"team-releases\",\"name\":\"Releases\",\"enabled\":true,"
            + "\"filters\":[{\"type\":\"event\",\"match\":\"release\"}],\"targets\":[{\"platform\":\"discord\",\"channelId\":\"900000000000000009\"}]}";

    @Test
    void adminsAddChangeReorderAndDeleteTheirGroupsRoutes() {
        Browser adam = signedIn("adam");
        HttpResponse<String> added = adam.json("POST", "/admin/api/groups/team/routes", RELEASES);
        assertThat(added.statusCode()).as(added.body()).isEqualTo(201);
        assertThat(body(added).path("route").path("groupId").asText()).isEqualTo("team");
        assertThat(snapshots.current().routesOf("team")).extracting(Route::id).containsExactly("team-pushes", "team-releases");
        assertThat(adam.json("POST", "/admin/api/groups/team/routes", RELEASES).statusCode()).as("same id again").isEqualTo(400);

        String etag = adam.getJson("/admin/api/groups/team/routes/team-releases").headers().firstValue("ETag").orElseThrow();
        HttpResponse<String> changed = adam.json("PUT", "/admin/api/groups/team/routes/team-releases",
                RELEASES.replace("Releases", "Every release"), adam.origin(), etag);
        assertThat(changed.statusCode()).as(changed.body()).isEqualTo(200);
        assertThat(adam.json("PUT", "/admin/api/groups/team/routes/team-releases", RELEASES, adam.origin(), etag).statusCode())
                .as("stale").isEqualTo(412);

        HttpResponse<String> reordered = adam.json("PUT", "/admin/api/groups/team/route-order",
                "{\"ids\":[\"team-releases\",\"team-pushes\"]}");
        assertThat(reordered.statusCode()).as(reordered.body()).isEqualTo(200);
        assertThat(snapshots.current().routesOf("team")).extracting(Route::id).containsExactly("team-releases", "team-pushes");
        assertThat(adam.json("PUT", "/admin/api/groups/team/route-order", "{\"ids\":[\"team-pushes\"]}").statusCode())
                .as("an order that leaves one out").isEqualTo(409);

        String current = adam.getJson("/admin/api/groups/team/routes/team-releases").headers().firstValue("ETag").orElseThrow();
        assertThat(adam.json("DELETE", "/admin/api/groups/team/routes/team-releases", null, adam.origin(), current).statusCode())
                .isEqualTo(200);
        assertThat(snapshots.current().routesOf("team")).extracting(Route::id).containsExactly("team-pushes");
        assertThat(jdbc.queryForList("SELECT action FROM audit_logs WHERE group_id = 'team' AND (action LIKE 'route.%' "
                + "OR action = 'routes.reorder') ORDER BY id", String.class))
                .containsSubsequence("route.create", "route.update", "routes.reorder", "route.delete");
    }

    private static final String HOOK_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String HOOKS = "{\"id\":\"team-hooks\",\"name\":\"Hooks\",\"enabled\":true,"
            + "\"filters\":[{\"type\":\"event\",\"match\":\"push\"}],\"targets\":[{\"platform\":\"webhook\","
            + "\"url\":\"https://ci.example.com/in\",\"secret\":\"" + HOOK_SECRET + "\",\"headers\":{\"X-Team\":\"a\"}}]}";

    @Test
    void aWebhookTargetsSecretIsShownSealedAndASealedOneComesBackUnchanged() {
        Browser adam = signedIn("adam");
        HttpResponse<String> added = adam.json("POST", "/admin/api/groups/team/routes", HOOKS);
        assertThat(added.statusCode()).as(added.body()).isEqualTo(201);
        assertThat(added.body()).doesNotContain(HOOK_SECRET);

        HttpResponse<String> read = adam.getJson("/admin/api/groups/team/routes/team-hooks");
        assertThat(read.body()).doesNotContain(HOOK_SECRET).contains("\"secrets\":[\"v1:");
        assertThat(jdbc.queryForObject("SELECT targets FROM d1_routes WHERE id = 'team-hooks'", String.class))
                .as("at rest").doesNotContain(HOOK_SECRET).contains("v1:");
        assertThat(adam.getJson("/admin/api/routes").body()).doesNotContain(HOOK_SECRET);

        // what the console does: take the route as shown, change the name, send it back
        com.fasterxml.jackson.databind.node.ObjectNode shown = (com.fasterxml.jackson.databind.node.ObjectNode) body(read).path("route");
        shown.put("name", "Hooks, renamed");
        HttpResponse<String> saved = adam.json("PUT", "/admin/api/groups/team/routes/team-hooks", shown.toString(), adam.origin(),
                read.headers().firstValue("ETag").orElseThrow());
        assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
        Route route = snapshots.current().routesOf("team").stream().filter(r -> r.id().equals("team-hooks")).findFirst().orElseThrow();
        assertThat(route.name()).isEqualTo("Hooks, renamed");
        assertThat(((WebhookTarget) route.targets().get(0)).webhook().secrets()).containsExactly(HOOK_SECRET);

        String exported = signedIn("root").getJson("/admin/api/config/export").body();
        assertThat(exported).contains("ci.example.com").doesNotContain(HOOK_SECRET);
        assertThat(body(signedIn("root").json("POST", "/admin/api/config/import", exported)).path("summary").asText())
                .as("the export, sealed secrets and all, is the configuration in force").isEqualTo("no change");

        HttpResponse<String> bad = adam.json("POST", "/admin/api/groups/team/routes", HOOKS.replace("team-hooks", "team-hooks-2")
                .replace(HOOK_SECRET, "hunter2"));
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(body(bad).path("detail").asText()).contains("targets[0].secret").contains("whsec_").doesNotContain("hunter2");
        HttpResponse<String> foreign = adam.json("POST", "/admin/api/groups/team/routes", HOOKS.replace("team-hooks", "team-hooks-3")
                .replace("\"secret\":\"" + HOOK_SECRET + "\"", "\"secrets\":[\"v1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\"]"));
        assertThat(foreign.statusCode()).isEqualTo(400);
        assertThat(body(foreign).path("detail").asText()).contains("targets[0].secrets[0]").contains("cannot open");
    }

    @Test
    void aDisabledTargetIsShownToItsGroupAndItsAdminsReEnableIt() {
        assertThat(signedIn("adam").json("POST", "/admin/api/groups/team/routes", HOOKS).statusCode()).isEqualTo(201);
        Target hook = snapshots.current().routesOf("team").stream().filter(r -> r.id().equals("team-hooks")).findFirst()
                .orElseThrow().targets().get(0);
        jdbc.update("INSERT INTO target_health (target_id, platform, failing_since, failures, last_failure_at, last_error,"
                + " disabled_at, disabled_reason) VALUES (?, 'webhook', 1000, 41, 90000000, 'HTTP 500: down', 90000000,"
                + " 'every attempt failed for 24 h')", hook.id());
        jdbc.update("INSERT INTO target_health (target_id, platform, failing_since, failures, last_failure_at, last_error)"
                + " VALUES ('gone.example.com#00000000', 'webhook', 1000, 3, 2000, 'HTTP 502')");
        String enable = "/admin/api/targets/enable";
        String named = "{\"targetId\":\"" + hook.id() + "\"}";

        JsonNode seen = body(signedIn("vera").getJson("/admin/api/targets")).path("targets");
        assertThat(seen).as("a viewer of the group sees it; a target no route uses is a super admin's").hasSize(1);
        assertThat(seen.get(0).path("targetId").asText()).isEqualTo(hook.id());
        assertThat(seen.get(0).path("disabled").asBoolean()).isTrue();
        assertThat(seen.get(0).path("disabledReason").asText()).isEqualTo("every attempt failed for 24 h");
        assertThat(seen.get(0).path("lastError").asText()).isEqualTo("HTTP 500: down");
        assertThat(seen.get(0).path("failures").asInt()).isEqualTo(41);
        assertThat(seen.get(0).path("canEnable").asBoolean()).isFalse();
        assertThat(seen.get(0).path("routes").get(0).path("routeId").asText()).isEqualTo("team-hooks");
        assertThat(body(signedIn("stranger").getJson("/admin/api/targets")).path("targets")).isEmpty();
        assertThat(body(signedIn("root").getJson("/admin/api/targets")).path("targets")).hasSize(2);

        HttpResponse<String> viewer = signedIn("vera").json("POST", enable, named);
        assertThat(viewer.statusCode()).as(viewer.body()).isEqualTo(403);
        HttpResponse<String> outsider = signedIn("stranger").json("POST", enable, named);
        assertThat(outsider.statusCode()).as("someone else's target looks like none").isEqualTo(404);
        assertThat(body(outsider).path("detail").asText()).contains(hook.id());
        HttpResponse<String> notDisabled = signedIn("root").json("POST", enable, "{\"targetId\":\"gone.example.com#00000000\"}");
        assertThat(notDisabled.statusCode()).as(notDisabled.body()).isEqualTo(409);
        HttpResponse<String> unnamed = signedIn("root").json("POST", enable, "{\"target\":\"x\"}");
        assertThat(unnamed.statusCode()).isEqualTo(400);
        assertThat(body(unnamed).path("detail").asText()).contains("target");

        Browser adam = signedIn("adam");
        assertThat(body(adam.getJson("/admin/api/targets")).path("targets").get(0).path("canEnable").asBoolean()).isTrue();
        HttpResponse<String> enabled = adam.json("POST", enable, named);
        assertThat(enabled.statusCode()).as(enabled.body()).isEqualTo(200);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM target_health WHERE target_id = ?", Integer.class, hook.id())).isZero();
        assertThat(jdbc.queryForList("SELECT detail FROM audit_logs WHERE action = 'target.enable' AND group_id = 'team'", String.class))
                .singleElement().asString().contains("every attempt failed for 24 h");
        assertThat(adam.json("POST", enable, named).statusCode()).as("once").isEqualTo(404);
    }

    @Test
    void viewersAndOutsidersCannotTouchRoutesAndBadRoutesAreRefused() {
        assertThat(signedIn("vera").json("POST", "/admin/api/groups/team/routes", RELEASES).statusCode()).isEqualTo(403);
        assertThat(signedIn("stranger").json("POST", "/admin/api/groups/team/routes", RELEASES).statusCode()).isEqualTo(404);
        Browser adam = signedIn("adam");
        assertThat(adam.json("POST", "/admin/api/groups/elsewhere/routes", RELEASES).statusCode()).isEqualTo(404);

        HttpResponse<String> noTarget = adam.json("POST", "/admin/api/groups/team/routes", RELEASES.replace(
                ",\"targets\":[{\"platform\":\"discord\",\"channelId\":\"900000000000000009\"}]", ""));
        assertThat(noTarget.statusCode()).isEqualTo(400);
        assertThat(body(noTarget).path("detail").asText()).contains("targets");
        HttpResponse<String> badRegex = adam.json("POST", "/admin/api/groups/team/routes",
                RELEASES.replace("\"match\":\"release\"", "\"match\":\"/re(lease/\""));
        assertThat(badRegex.statusCode()).isEqualTo(400);
        assertThat(body(badRegex).path("detail").asText()).contains("filters[0]");
        HttpResponse<String> otherGroup = adam.json("POST", "/admin/api/groups/team/routes", RELEASES.replace("{\"id\"",
                "{\"groupId\":\"elsewhere\",\"id\""));
        assertThat(otherGroup.statusCode()).isEqualTo(400);
        assertThat(snapshots.current().routesOf("team")).extracting(Route::id).containsExactly("team-pushes");
        assertThat(snapshots.current().routesOf("elsewhere")).extracting(Route::id).containsExactly("other-pushes");
    }

    // ---------------------------------------------------------------- send logs and audit

    private long sendLog(String groupId, String routeId, boolean ok, String platform) {
        jdbc.update("INSERT INTO send_logs (ts, route_id, event, target, ok, platform, group_id, delivery_id, error_code) "
                        + "VALUES (?, ?, 'push', 'discord:123', ?, ?, ?, ?, ?)",
                System.currentTimeMillis(), routeId, ok ? 1 : 0, platform, groupId, "d-" + UUID.randomUUID(), ok ? null : "HTTP_5XX");
        return jdbc.queryForObject("SELECT MAX(id) FROM send_logs", Long.class);
    }

    @Test
    void sendLogsArePagedNewestFirstWithinTheCallersGroups() {
        String route = "r-" + UUID.randomUUID().toString().substring(0, 8);
        long first = sendLog("team", route, true, "discord");
        sendLog("elsewhere", route, true, "discord");
        long third = sendLog("team", route, false, "telegram");
        sendLog(null, route, true, "discord");
        long fifth = sendLog("team", route, true, "discord");

        Browser vera = signedIn("vera");
        JsonNode page1 = body(vera.getJson("/admin/api/logs?routeId=" + route + "&limit=2"));
        assertThat(page1.path("logs")).extracting(l -> l.path("id").asLong()).containsExactly(fifth, third);
        sendLog("team", route, true, "discord");
        JsonNode page2 = body(vera.getJson("/admin/api/logs?routeId=" + route + "&limit=2&before=" + page1.path("next").asLong()));
        assertThat(page2.path("logs")).extracting(l -> l.path("id").asLong()).as("a new row does not shift the next page")
                .containsExactly(first);
        assertThat(page2.hasNonNull("next")).as("the last page").isFalse();

        assertThat(body(vera.getJson("/admin/api/logs?routeId=" + route + "&ok=false")).path("logs"))
                .extracting(l -> l.path("errorCode").asText()).containsExactly("HTTP_5XX");
        assertThat(body(vera.getJson("/admin/api/logs?routeId=" + route + "&platform=telegram")).path("logs")).hasSize(1);
        assertThat(vera.getJson("/admin/api/logs?groupId=elsewhere").statusCode()).isEqualTo(404);
        assertThat(vera.getJson("/admin/api/logs?limit=lots").statusCode()).isEqualTo(400);
        assertThat(vera.getJson("/admin/api/logs?ok=maybe").statusCode()).isEqualTo(400);
        assertThat(vera.getJson("/admin/api/logs?since=yesterday").statusCode()).isEqualTo(400);

        assertThat(body(signedIn("root").getJson("/admin/api/logs?routeId=" + route)).path("logs")).as("all, also of no group")
                .hasSize(6);
    }

    @Test
    void oneSendLogIsShownOnlyWithinScope() {
        long mine = sendLog("team", "r", true, "discord");
        long theirs = sendLog("elsewhere", "r", true, "discord");
        Browser vera = signedIn("vera");

        assertThat(body(vera.getJson("/admin/api/logs/" + mine)).path("log").path("groupId").asText()).isEqualTo("team");
        HttpResponse<String> foreign = vera.getJson("/admin/api/logs/" + theirs);
        assertThat(foreign.statusCode()).isEqualTo(404);
        assertThat(body(foreign).path("error").asText()).isEqualTo("Log entry not found");
        assertThat(vera.getJson("/admin/api/logs/" + (theirs + 1000)).body()).isEqualTo(foreign.body());
        assertThat(vera.getJson("/admin/api/logs/abc").statusCode()).isEqualTo(400);
    }

    @Test
    void theAuditTrailIsScopedToo() {
        signedIn("vera");
        Browser olive = signedIn("olive");
        body(olive.json("POST", "/admin/api/groups/team/webhook/regenerate", "{}"));

        JsonNode mine = body(signedIn("vera").getJson("/admin/api/audit?limit=200"));
        assertThat(mine.path("audit")).isNotEmpty().allMatch(e -> "team".equals(e.path("groupId").asText()));
        assertThat(body(signedIn("root").getJson("/admin/api/audit?action=session.login&limit=5")).path("audit"))
                .isNotEmpty().allMatch(e -> "session.login".equals(e.path("action").asText()));
        assertThat(signedIn("vera").getJson("/admin/api/audit?groupId=elsewhere").statusCode()).isEqualTo(404);
    }

    // ---------------------------------------------------------------- message templates

    @Test
    void aRoutesTemplateIsCheckedAgainstTheSamplesSavedAndPreviewed() {
        Browser adam = signedIn("adam");
        HttpResponse<String> created = adam.json("POST", "/admin/api/groups/team/routes",
                worded("worded", "{\"title\":\"{{repo}} got a push from {{actor}}\",\"footer\":\"via {{provider}}\"}"));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode stored = body(adam.getJson("/admin/api/groups/team/routes/worded"));
        assertThat(stored.path("route").path("template").path("title").asText()).isEqualTo("{{repo}} got a push from {{actor}}");

        HttpResponse<String> refused = adam.json("POST", "/admin/api/groups/team/routes",
                worded("holes", "{\"body\":\"{{payload.pull_request.title}}\"}"));
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
        assertThat(body(refused).path("field").asText()).isEqualTo("template.body");
        assertThat(body(refused).path("detail").asText()).contains("push sample").contains("payload.pull_request.title");

        HttpResponse<String> over = adam.json("POST", "/admin/api/groups/team/routes", worded("long", "{\"title\":\"" + "x".repeat(300) + "\"}"));
        assertThat(over.statusCode()).as(over.body()).isEqualTo(400);
        assertThat(body(over).path("detail").asText()).contains("300 characters").contains("discord").contains("256");

        HttpResponse<String> broken = adam.json("POST", "/admin/api/groups/team/routes", worded("broken", "{\"title\":\"{{#open}}never closed\"}"));
        assertThat(broken.statusCode()).as(broken.body()).isEqualTo(400);
        assertThat(body(broken).path("detail").asText()).contains("not a template");
        assertThat(snapshots.refresh().routesOf("team")).extracting(Route::id).contains("worded").doesNotContain("holes", "long", "broken");

        String push = "{\"event\":\"push\",\"groupId\":\"team\",\"payload\":{\"ref\":\"refs/heads/main\",\"repository\":"
                + "{\"full_name\":\"o/r\",\"name\":\"r\",\"owner\":{\"login\":\"o\"}},\"sender\":{\"login\":\"octocat\"},"
                + "\"commits\":[],\"compare\":\"https://github.com/o/r/compare/a...b\"}}";
        JsonNode preview = body(adam.json("POST", "/admin/api/dry-run", push));
        JsonNode embed = null;
        for (JsonNode route : preview.path("routes")) {
            if ("worded".equals(route.path("id").asText())) {
                embed = route.path("targets").get(0).path("rendered").path("body").path("embeds").get(0);
            }
        }
        assertThat(embed).as(preview.toString()).isNotNull();
        assertThat(embed.path("title").asText()).isEqualTo("o/r got a push from octocat");
        assertThat(embed.path("footer").path("text").asText()).startsWith("via github");
    }

    // ---------------------------------------------------------------- dry run

    @Test
    void aDryRunShowsTheRoutesThatFireWithTheirRenderingsAndSendsNothing() {
        Browser vera = signedIn("vera");
        String push = "{\"event\":\"push\",\"payload\":{\"ref\":\"refs/heads/main\",\"repository\":{\"full_name\":\"o/r\","
                + "\"name\":\"r\",\"owner\":{\"login\":\"o\"}},\"sender\":{\"login\":\"octocat\"},\"commits\":[],"
                + "\"compare\":\"https://github.com/o/r/compare/a...b\"}}";
        HttpResponse<String> preview = vera.json("POST", "/admin/api/dry-run", push);
        assertThat(preview.statusCode()).as(preview.body()).isEqualTo(200);
        JsonNode routes = body(preview).path("routes");
        assertThat(routes).extracting(r -> r.path("id").asText()).as("only her group's").containsExactly("team-pushes");
        assertThat(routes.get(0).path("targets").get(0).path("rendered").path("body").isObject()).isTrue();

        JsonNode none = body(vera.json("POST", "/admin/api/dry-run", push.replace("\"event\":\"push\"", "\"event\":\"star\"")));
        assertThat(none.path("routes")).isEmpty();
        assertThat(none.path("whyNone").asText()).isNotBlank();
        assertThat(none.path("skipped")).extracting(r -> r.path("id").asText()).as("her group's only").containsExactly("team-pushes");
        assertThat(none.path("skipped").get(0).path("reason").asText()).contains("event").contains("star");
        assertThat(vera.json("POST", "/admin/api/dry-run", "{\"event\":\"push\"}").statusCode()).isEqualTo(400);
        assertThat(vera.json("POST", "/admin/api/dry-run", "{\"event\":\"push\",\"payload\":[1]}").statusCode()).isEqualTo(400);
        assertThat(vera.json("POST", "/admin/api/dry-run", push.replace("{\"event\"", "{\"groupId\":\"elsewhere\",\"event\""))
                .statusCode()).isEqualTo(404);
    }

    @Test
    void slackAndTeamsTargetsAreCheckedByTheApiAndRenderedByTheDryRun() {
        Browser adam = signedIn("adam");
        String chat = "{\"id\":\"team-chat\",\"name\":\"Chat\",\"enabled\":true,\"filters\":[{\"type\":\"event\",\"match\":\"push\"}],"
                + "\"targets\":[{\"platform\":\"slack\",\"channelId\":\"C0123ABCD\"},{\"platform\":\"slack\","
                + "\"url\":\"https://hooks.slack.com/services/T1/B1/x\"},{\"platform\":\"teams\",\"url\":\"https://example.com/flow\"}]}";
        HttpResponse<String> bad = adam.json("POST", "/admin/api/groups/team/routes", chat.replace("C0123ABCD", "#general"));
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(body(bad).path("detail").asText()).contains("targets[0].channelId").contains("channel id");
        HttpResponse<String> plain = adam.json("POST", "/admin/api/groups/team/routes",
                chat.replace("https://example.com/flow", "http://example.com/flow"));
        assertThat(body(plain).path("detail").asText()).contains("targets[2].url").contains("https://");
        HttpResponse<String> added = adam.json("POST", "/admin/api/groups/team/routes", chat);
        assertThat(added.statusCode()).as(added.body()).isEqualTo(201);

        String push = "{\"groupId\":\"team\",\"event\":\"push\",\"payload\":{\"ref\":\"refs/heads/main\",\"repository\":"
                + "{\"full_name\":\"o/r\",\"name\":\"r\",\"owner\":{\"login\":\"o\"}},\"sender\":{\"login\":\"octocat\"},"
                + "\"commits\":[],\"compare\":\"https://github.com/o/r/compare/a...b\"}}";
        JsonNode fired = body(adam.json("POST", "/admin/api/dry-run", push)).path("routes");
        JsonNode targets = java.util.stream.StreamSupport.stream(fired.spliterator(), false)
                .filter(r -> r.path("id").asText().equals("team-chat")).findFirst().orElseThrow().path("targets");
        assertThat(targets).hasSize(3);
        assertThat(targets.get(0).path("rendered").path("body").path("attachments").get(0).path("blocks").isArray()).isTrue();
        assertThat(targets.get(2).path("rendered").path("body").path("attachments").get(0).path("contentType").asText())
                .isEqualTo("application/vnd.microsoft.card.adaptive");
    }

    // ---------------------------------------------------------------- metrics and one delivery

    @Test
    void metricsAreAlwaysScoped() {
        String route = "m-" + UUID.randomUUID().toString().substring(0, 8);
        sendLog("team", route, true, "discord");
        sendLog("team", route, false, "telegram");
        sendLog("elsewhere", route, false, "discord");

        JsonNode mine = body(signedIn("vera").getJson("/admin/api/metrics")).path("metrics");
        JsonNode all = body(signedIn("root").getJson("/admin/api/metrics")).path("metrics");
        long teamRows = jdbc.queryForObject("SELECT COUNT(*) FROM send_logs WHERE group_id = 'team' AND ts >= ?", Long.class,
                System.currentTimeMillis() - 24L * 3600 * 1000);
        assertThat(mine.path("total").asLong()).isEqualTo(teamRows);
        assertThat(all.path("total").asLong()).isGreaterThan(mine.path("total").asLong());
        assertThat(mine.path("recentFailures")).allMatch(f -> "team".equals(f.path("groupId").asText()));
        assertThat(mine.path("byPlatform")).extracting(p -> p.path("platform").asText()).contains("discord", "telegram");
        assertThat(signedIn("vera").getJson("/admin/api/metrics?groupId=elsewhere").statusCode()).isEqualTo(404);
    }

    @Test
    void oneDeliveryShowsEveryTargetOfTheCallersGroups() throws Exception {
        Browser olive = signedIn("olive");
        String secret = body(olive.json("POST", "/admin/api/groups/team/webhook/regenerate", "{}")).path("secret").asText();
        HttpResponse<String> accepted = sendToGroupEndpoint("team", secret, "push", "{\"ref\":\"refs/heads/main\",\"after\":\""
                + UUID.randomUUID() + "\",\"repository\":{\"full_name\":\"o/r\",\"name\":\"r\",\"owner\":{\"login\":\"o\"}},"
                + "\"sender\":{\"login\":\"octocat\"},\"commits\":[]}");
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
        String deliveryId = body(accepted).path("deliveryId").asText();

        JsonNode unplanned = body(signedIn("vera").getJson("/admin/api/delivery/" + deliveryId));
        assertThat(unplanned.path("deliveries").get(0).path("status").asText()).isEqualTo("pending");
        assertThat(unplanned.path("deliveries").get(0).path("targets")).as("no worker has planned it (delivery is off)").isEmpty();
        assertThat(signedIn("stranger").getJson("/admin/api/delivery/" + deliveryId).statusCode()).as("not their endpoint").isEqualTo(404);

        String key = unplanned.path("deliveries").get(0).path("key").asText();
        for (String[] t : new String[][] {{"team", "team-pushes", "0", "retrying"}, {"elsewhere", "other-pushes", "1", "dead"}}) {
            jdbc.update("INSERT INTO delivery_targets (delivery_key, group_id, route_id, target_id, position, platform, status, attempts, "
                    + "next_attempt_at, last_error, updated_at) VALUES (?, ?, ?, 'discord:123', ?, 'discord', ?, 2, ?, 'HTTP 502', ?)",
                    key, t[0], t[1], Integer.parseInt(t[2]), t[3], System.currentTimeMillis() + 30_000, System.currentTimeMillis());
        }
        JsonNode view = body(signedIn("vera").getJson("/admin/api/delivery/" + deliveryId));
        JsonNode targets = view.path("deliveries").get(0).path("targets");
        assertThat(targets).extracting(t -> t.path("routeId").asText()).as("her group's only").containsExactly("team-pushes");
        assertThat(targets.get(0).path("status").asText()).isEqualTo("retrying");
        assertThat(targets.get(0).path("attempts").asInt()).isEqualTo(2);
        assertThat(targets.get(0).has("nextAttemptAt")).isTrue();
        assertThat(targets.get(0).path("lastError").asText()).isEqualTo("HTTP 502");
        assertThat(body(signedIn("root").getJson("/admin/api/delivery/" + deliveryId)).path("deliveries").get(0).path("targets"))
                .hasSize(2);
        assertThat(body(signedIn("stranger").getJson("/admin/api/delivery/" + deliveryId)).path("deliveries").get(0).path("targets"))
                .as("the other group's owner sees the other group's target").extracting(t -> t.path("routeId").asText())
                .containsExactly("other-pushes");
        assertThat(signedIn("vera").getJson("/admin/api/delivery/no-such-delivery").statusCode()).isEqualTo(404);
    }

    @Test
    void theRecentFailedDeliveriesAreListedWithinTheCallersGroups() {
        long now = System.currentTimeMillis();
        String[][] rows = {{"mine-" + now, "team", "failed"}, {"theirs-" + now, "elsewhere", "dead"}, {"fine-" + now, "team", "delivered"}};
        for (String[] r : rows) {
            jdbc.update("INSERT INTO delivery_state (key, status, updated_at, delivery_id, provider, event, group_id, received_at, attempts)"
                    + " VALUES (?, ?, ?, ?, 'github', 'push', ?, ?, 1)", "github:" + r[1] + ":" + r[0], r[2], now, r[0], r[1], now);
        }
        JsonNode olive = body(signedIn("olive").getJson("/admin/api/deliveries"));
        assertThat(olive.path("deliveries")).extracting(d -> d.path("deliveryId").asText()).contains("mine-" + now)
                .doesNotContain("theirs-" + now, "fine-" + now);
        assertThat(body(signedIn("root").getJson("/admin/api/deliveries?status=dead,failed")).path("deliveries"))
                .extracting(d -> d.path("deliveryId").asText()).contains("mine-" + now, "theirs-" + now);
        assertThat(body(signedIn("olive").getJson("/admin/api/deliveries?status=delivered")).path("deliveries"))
                .extracting(d -> d.path("deliveryId").asText()).contains("fine-" + now);
        HttpResponse<String> bad = signedIn("olive").getJson("/admin/api/deliveries?status=lost");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(body(bad).path("detail").asText()).startsWith("status: lost");
        assertThat(signedIn("olive").getJson("/admin/api/deliveries?groupId=elsewhere").statusCode()).isEqualTo(404);
    }

    // ---------------------------------------------------------------- per-tenant limits

    private static String releases(String id) {
        return RELEASES.replace("team-releases", id);
    }

    private static String routeList(String prefix, int count, String groupId) {
        StringBuilder list = new StringBuilder("{\"routes\":[");
        for (int i = 0; i < count; i++) {
            String route = releases(prefix + i);
            list.append(i == 0 ? "" : ",").append(groupId == null ? route : route.replace("{\"id\"", "{\"groupId\":\"" + groupId + "\",\"id\""));
        }
        return list.append("]}").toString();
    }

    @Test
    void aGroupAdminAddsRoutesUpToMaxRoutesPerGroupWhileASuperAdminIsHeldByTheInstanceOnly() {
        Browser adam = signedIn("adam");
        for (int i = 1; i <= 3; i++) {
            assertThat(adam.json("POST", "/admin/api/groups/team/routes", releases("r" + i)).statusCode()).isEqualTo(201);
        }
        HttpResponse<String> over = adam.json("POST", "/admin/api/groups/team/routes", releases("r4"));
        assertThat(over.statusCode()).as(over.body()).isEqualTo(409);
        JsonNode refusal = body(over);
        assertThat(refusal.path("error").asText()).isEqualTo("Limit reached");
        assertThat(refusal.path("detail").asText()).contains("\"team\"").contains("at most 4 routes").contains("MAX_ROUTES_PER_GROUP");
        assertThat(refusal.path("setting").asText()).isEqualTo("MAX_ROUTES_PER_GROUP");
        assertThat(refusal.path("limit").asInt()).isEqualTo(4);
        assertThat(snapshots.current().routesOf("team")).hasSize(4);

        // the whole-list writes: the group's own list, and the list of every route the caller may edit
        assertThat(adam.json("PUT", "/admin/api/groups/team/routes", routeList("w", 5, null)).statusCode()).isEqualTo(409);
        assertThat(adam.json("PUT", "/admin/api/routes", routeList("w", 5, "team")).statusCode()).isEqualTo(409);
        assertThat(snapshots.current().routesOf("team")).hasSize(4);
        HttpResponse<String> four = adam.json("PUT", "/admin/api/routes", routeList("w", 4, "team"));
        assertThat(four.statusCode()).as(four.body()).isEqualTo(200);

        Browser root = signedIn("root");
        assertThat(root.json("POST", "/admin/api/groups/team/routes", releases("by-root")).statusCode()).isEqualTo(201);
        assertThat(snapshots.current().routesOf("team")).hasSize(5);
        // a group a super admin took over the limit may still be edited by its admins, as long as it does not grow
        HttpResponse<String> same = adam.json("PUT", "/admin/api/groups/team/routes", routeList("x", 5, null));
        assertThat(same.statusCode()).as(same.body()).isEqualTo(200);
        assertThat(adam.json("PUT", "/admin/api/groups/team/routes", routeList("y", 6, null)).statusCode()).isEqualTo(409);
        assertThat(adam.json("POST", "/admin/api/groups/team/routes", releases("r9")).statusCode()).isEqualTo(409);
    }

    @Test
    void aGroupHasAtMostMaxInvitesPerGroupPendingInvites() {
        Browser olive = signedIn("olive");
        for (int i = 0; i < 3; i++) {
            assertThat(olive.json("POST", "/admin/api/groups/team/invites", "{\"role\":\"viewer\"}").statusCode()).isEqualTo(200);
        }
        HttpResponse<String> over = olive.json("POST", "/admin/api/groups/team/invites", "{\"role\":\"viewer\"}");
        assertThat(over.statusCode()).isEqualTo(409);
        assertThat(body(over).path("setting").asText()).isEqualTo("MAX_INVITES_PER_GROUP");
        assertThat(body(over).path("detail").asText()).contains("at most 3 pending invites").contains("revoke one first");

        Browser stranger = signedIn("stranger");
        assertThat(stranger.json("POST", "/admin/api/groups/elsewhere/invites", "{\"role\":\"viewer\"}").statusCode())
                .as("another group's invites do not count").isEqualTo(200);
    }

    @Test
    void anotherUsersPersonalGroupIdIsTakenByNoOne() {
        Browser olive = signedIn("olive");
        HttpResponse<String> rename = olive.json("POST", "/admin/api/groups/team/rename", "{\"newId\":\"u-1005\"}");
        assertThat(rename.statusCode()).as(rename.body()).isEqualTo(409);
        assertThat(body(rename).path("detail").asText()).contains("u-1005").contains("user 1005");
        assertThat(snapshots.current().group("team")).isPresent();
        assertThat(olive.json("POST", "/admin/api/groups/team/rename", "{\"newId\":\"u-1005-team\"}").statusCode())
                .as("only u-{digits} is personal").isEqualTo(200);

        Browser root = signedIn("root");
        HttpResponse<String> create = root.json("POST", "/admin/api/groups", "{\"id\":\"u-1005\",\"name\":\"squatted\"}");
        assertThat(create.statusCode()).as(create.body()).isEqualTo(409);
        assertThat(snapshots.current().group("u-1005")).isEmpty();
        assertThat(root.json("POST", "/admin/api/groups", "{\"id\":\"u-" + SUPER_ID + "\",\"name\":\"mine\"}").statusCode())
                .as("their own").isEqualTo(201);
    }

    // ---------------------------------------------------------------- invites

    @Test
    void anOwnerInvitesAndTheInviteeJoinsAfterConfirmingOnce() {
        Browser olive = signedIn("olive");
        assertThat(olive.json("POST", "/admin/api/groups/team/invites", "{\"role\":\"owner\"}").statusCode()).isEqualTo(400);
        assertThat(signedIn("adam").json("POST", "/admin/api/groups/team/invites", "{\"role\":\"viewer\"}").statusCode()).isEqualTo(403);
        JsonNode created = body(olive.json("POST", "/admin/api/groups/team/invites", "{\"role\":\"admin\",\"note\":\"for the release\"}"));
        String token = created.path("token").asText();
        assertThat(token).matches("[0-9a-f]{64}");
        assertThat(created.path("url").asText()).isEqualTo("/admin/invite?token=" + token);
        assertThat(body(olive.getJson("/admin/api/groups/team/invites")).path("invites"))
                .extracting(i -> i.path("token").asText()).contains(token);

        GITHUB.user("newbie", 1010, "newbie");
        Browser newbie = new Browser(port);
        HttpResponse<String> start = newbie.get("/admin/invite?token=" + token);
        assertThat(start.headers().firstValue("Location").orElse("")).contains("/auth/github?redirect=");
        FakeGithub.signIn(newbie, "newbie", "/admin/invite?token=" + token);
        HttpResponse<String> page = newbie.get("/admin/invite?token=" + token);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("Team").contains("admin").contains("for the release").contains("<form method=\"post\"");
        assertThat(snapshots.current().group("team").orElseThrow().members()).extracting(Group.Member::login).doesNotContain("newbie");

        assertThat(newbie.post("/admin/invite/accept", "token=" + token, "https://evil.example").statusCode()).isEqualTo(403);
        HttpResponse<String> accepted = newbie.post("/admin/invite/accept", "token=" + token, newbie.origin());
        assertThat(accepted.headers().firstValue("Location").orElse("")).endsWith("/admin?invite=ok");
        assertThat(snapshots.current().group("team").orElseThrow().members()).contains(new Group.Member("newbie", "admin", "1010"));
        assertThat(newbie.post("/admin/invite/accept", "token=" + token, newbie.origin()).headers().firstValue("Location").orElse(""))
                .as("single use").endsWith("/admin?invite=invalid");
        assertThat(jdbc.queryForList("SELECT action FROM audit_logs WHERE group_id = 'team' AND action LIKE 'invite.%' ORDER BY id DESC",
                String.class)).startsWith("invite.accept", "invite.create");
    }

    @Test
    void anInviteIntoAGroupWithoutAnOwnerMemberIsAcceptedAndEveryStepIsAPage() throws Exception {
        Browser root = signedIn("root");
        assertThat(root.json("POST", "/admin/api/groups", "{\"id\":\"ownerless\",\"name\":\"Ownerless\"}").statusCode()).isEqualTo(201);
        String token = body(root.json("POST", "/admin/api/groups/ownerless/invites", "{\"role\":\"admin\"}")).path("token").asText();
        GITHUB.user("joiner", 1011, "joiner");
        Browser joiner = new Browser(port);
        FakeGithub.signIn(joiner, "joiner", "/admin/invite?token=" + token);

        HttpResponse<String> page = joiner.get("/admin/invite?token=" + token);
        assertThat(page.headers().firstValue("Content-Type").orElse("")).startsWith("text/html");
        HttpResponse<String> accepted = joiner.post("/admin/invite/accept", "token=" + token, joiner.origin());

        assertThat(accepted.headers().firstValue("Location").orElse("")).as(accepted.body()).endsWith("/admin?invite=ok");
        assertThat(snapshots.current().group("ownerless").orElseThrow().members()).containsExactly(new Group.Member("joiner", "admin", "1011"));
        assertThat(body(joiner.getJson("/admin/api/me")).path("roles").path("ownerless").asText()).isEqualTo("admin");
    }

    @Test
    void twentyConcurrentAcceptsOfOneInviteAdmitOnePerson() throws Exception {
        String token = body(signedIn("olive").json("POST", "/admin/api/groups/team/invites", "{\"role\":\"viewer\"}")).path("token").asText();
        List<Browser> people = new java.util.ArrayList<>();
        for (int i = 0; i < 20; i++) {
            GITHUB.user("racer" + i, 2000 + i, "racer" + i);
            Browser b = new Browser(port);
            FakeGithub.signIn(b, "racer" + i, "/admin/invite?token=" + token);
            people.add(b);
        }
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(20);
        try {
            java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
            List<java.util.concurrent.Future<String>> results = new java.util.ArrayList<>();
            for (Browser b : people) {
                results.add(pool.submit(() -> {
                    go.await();
                    return b.post("/admin/invite/accept", "token=" + token, b.origin()).headers().firstValue("Location").orElse("");
                }));
            }
            go.countDown();
            long ok = 0;
            for (var r : results) {
                ok += r.get().endsWith("invite=ok") ? 1 : 0;
            }
            assertThat(ok).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(snapshots.current().group("team").orElseThrow().members()).filteredOn(m -> m.login().startsWith("racer")).hasSize(1);
    }

    @Test
    void revokedAndForeignInvitesAreGone() {
        Browser olive = signedIn("olive");
        String token = body(olive.json("POST", "/admin/api/groups/team/invites", "{\"role\":\"viewer\"}")).path("token").asText();
        assertThat(signedIn("stranger").json("DELETE", "/admin/api/invites/" + token, null).statusCode()).isEqualTo(404);
        assertThat(olive.json("DELETE", "/admin/api/invites/" + token, null).statusCode()).isEqualTo(200);
        assertThat(olive.json("DELETE", "/admin/api/invites/" + token, null).statusCode()).isEqualTo(404);
        assertThat(signedIn("vera").get("/admin/invite?token=" + token).headers().firstValue("Location").orElse(""))
                .endsWith("/admin?invite=invalid");
    }

    // ---------------------------------------------------------------- WebHooker's whole-list writes

    @Test
    void theWholeListWritesReplaceOnlyWhatTheCallerMayWrite() {
        Browser olive = signedIn("olive");
        long revision = body(olive.getJson("/admin/api/groups")).path("revision").asLong();
        HttpResponse<String> foreign = olive.json("PUT", "/admin/api/groups", "{\"groups\":[{\"id\":\"elsewhere\",\"name\":\"Mine now\"}]}");
        assertThat(foreign.statusCode()).isEqualTo(403);
        assertThat(body(foreign).path("error").asText()).isEqualTo("group \"elsewhere\" is outside your ownership");

        HttpResponse<String> renamed = olive.json("PUT", "/admin/api/groups", "{\"groups\":[" + teamWith("Team Renamed", TEAM_MEMBERS)
                .replace("{\"name\"", "{\"id\":\"team\",\"name\"") + "]}", olive.origin(), "\"" + revision + "\"");
        assertThat(renamed.statusCode()).as(renamed.body()).isEqualTo(200);
        assertThat(body(renamed).path("count").asInt()).isEqualTo(2);
        assertThat(snapshots.current().group("team").orElseThrow().name()).isEqualTo("Team Renamed");
        assertThat(snapshots.current().group("elsewhere").orElseThrow().name()).isEqualTo("Elsewhere");
        assertThat(olive.json("PUT", "/admin/api/groups", "{\"groups\":[]}", olive.origin(), "\"" + revision + "\"").statusCode())
                .as("the revision moved on").isEqualTo(412);

        Browser adam = signedIn("adam");
        HttpResponse<String> routes = adam.json("PUT", "/admin/api/groups/team/routes", "{\"routes\":[" + RELEASES + "]}");
        assertThat(routes.statusCode()).as(routes.body()).isEqualTo(200);
        assertThat(snapshots.current().routesOf("team")).extracting(Route::id).containsExactly("team-releases");
        assertThat(snapshots.current().routesOf("elsewhere")).extracting(Route::id).containsExactly("other-pushes");
        assertThat(adam.json("PUT", "/admin/api/routes", "{\"routes\":[" + RELEASES.replace("{\"id\"", "{\"groupId\":\"elsewhere\",\"id\"")
                + "]}").statusCode()).isEqualTo(403);
        assertThat(adam.json("PUT", "/admin/api/groups", "{\"groups\":\"all\"}").statusCode()).isEqualTo(400);

        // an owner leaving her group out deletes it, and its routes with it
        assertThat(olive.json("PUT", "/admin/api/groups", "{\"groups\":[]}").statusCode()).isEqualTo(200);
        assertThat(snapshots.current().group("team")).isEmpty();
        assertThat(snapshots.current().routes()).extracting(Route::groupId).doesNotContain("team");
    }

    @Test
    void gatesLeftOutOfASubmissionKeepTheirStoredValues() {
        repository.createGroup(new Group("u-1002", "@olive", List.of(new Group.Member("olive", "owner", "1002")), List.of(), List.of(),
                List.of(), 42L, true, List.of(), null, null, false, false));
        snapshots.refresh();
        Browser olive = signedIn("olive");
        String etag = olive.getJson("/admin/api/groups/u-1002").headers().firstValue("ETag").orElseThrow();

        HttpResponse<String> saved = put(olive, "/admin/api/groups/u-1002",
                teamWith("Olive's", "[{\"login\":\"olive\",\"role\":\"owner\",\"userId\":\"1002\"}]"), etag);
        assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
        Group stored = snapshots.current().group("u-1002").orElseThrow();
        assertThat(stored.name()).isEqualTo("Olive's");
        assertThat(stored.globalWebhook()).isFalse();
        assertThat(stored.installationId()).isEqualTo(42L);
    }

    // ---------------------------------------------------------------- rename

    @Test
    void aRenameTakesRoutesHistorySecretAndInvitesAlong() throws Exception {
        Browser olive = signedIn("olive");
        String secret = body(olive.json("POST", "/admin/api/groups/team/webhook/regenerate", "{}")).path("secret").asText();
        String invite = body(olive.json("POST", "/admin/api/groups/team/invites", "{\"role\":\"viewer\"}")).path("token").asText();
        long log = sendLog("team", "team-pushes", true, "discord");
        kv.delete(KvKeys.TENANT.key("crew"));
        String run = UUID.randomUUID().toString();
        jdbc.update("INSERT INTO message_tracking (event_id, target_id, message_id, updated_at) VALUES (?, 'discord:123', 'm1', 1)",
                "team:team-pushes:" + run);
        jdbc.update("INSERT INTO delivery_state (key, status, updated_at, delivery_id, provider, event, group_id, received_at, attempts)"
                + " VALUES (?, 'failed', 1, ?, 'github', 'push', 'team', 1, 1)", "github:team:" + run, run);

        assertThat(signedIn("adam").json("POST", "/admin/api/groups/team/rename", "{\"newId\":\"crew\"}").statusCode()).isEqualTo(403);
        assertThat(olive.json("PUT", "/admin/api/groups/team/rename", "{\"newId\":\"Not Valid\"}").statusCode()).isEqualTo(400);
        assertThat(olive.json("PUT", "/admin/api/groups/team/rename", "{\"newId\":\"team\"}").statusCode()).isEqualTo(400);
        HttpResponse<String> taken = olive.json("PUT", "/admin/api/groups/team/rename", "{\"newId\":\"elsewhere\"}");
        assertThat(taken.statusCode()).isEqualTo(400);
        assertThat(body(taken).path("error").asText()).contains("already exists");

        HttpResponse<String> renamed = olive.json("PUT", "/admin/api/groups/team/rename", "{\"newId\":\"crew\"}");
        assertThat(renamed.statusCode()).as(renamed.body()).isEqualTo(200);
        assertThat(body(renamed).path("routes").asInt()).isEqualTo(1);
        assertThat(snapshots.current().group("team")).isEmpty();
        assertThat(snapshots.current().routesOf("crew")).extracting(Route::id).containsExactly("team-pushes");
        assertThat(pingGroupEndpoint("crew", secret)).isEqualTo(200);
        assertThat(pingGroupEndpoint("team", secret)).isEqualTo(404);
        assertThat(body(olive.getJson("/admin/api/logs/" + log)).path("log").path("groupId").asText()).isEqualTo("crew");
        assertThat(body(olive.getJson("/admin/api/groups/crew/invites")).path("invites")).extracting(i -> i.path("token").asText())
                .contains(invite);
        assertThat(jdbc.queryForList("SELECT event_id FROM message_tracking WHERE message_id = 'm1' AND event_id LIKE ?", String.class,
                "%" + run)).as("a CI run's message is still edited in place").containsExactly("crew:team-pushes:" + run);
        assertThat(jdbc.queryForList("SELECT group_id FROM delivery_state WHERE delivery_id = ?", String.class, run))
                .as("its deliveries, for a replay").containsExactly("crew");
        assertThat(jdbc.queryForList("SELECT detail FROM audit_logs WHERE action = 'group.rename' AND group_id = 'crew'", String.class))
                .contains("{\"from\":\"team\",\"to\":\"crew\",\"routes\":1}");
    }

    // ---------------------------------------------------------------- the OpenAPI document

    @Test
    void theOpenApiDocumentNamesEveryServedEndpointAndNothingElse() {
        java.util.Set<String> served = new java.util.TreeSet<>();
        mappings.getHandlerMethods().keySet().forEach(info -> info.getPatternValues().stream()
                .filter(p -> p.startsWith("/admin/api/"))
                .forEach(p -> info.getMethodsCondition().getMethods().forEach(m -> served.add(m.name().toLowerCase() + " " + p))));
        JsonNode document = body(signedIn("vera").getJson("/admin/api/openapi.json"));
        java.util.Set<String> described = new java.util.TreeSet<>();
        document.path("paths").fields().forEachRemaining(path -> path.getValue().fieldNames()
                .forEachRemaining(method -> described.add(method + " " + path.getKey())));

        assertThat(document.path("openapi").asText()).startsWith("3.");
        assertThat(served).isNotEmpty();
        assertThat(described).isEqualTo(served);
    }

    // ---------------------------------------------------------------- the configuration as YAML

    @Test
    void theConfigurationGoesOutAsYamlAndComesBackWithAPreviewFirst() {
        String mine = signedIn("vera").getJson("/admin/api/config/export").body();
        assertThat(mine).contains("id: \"team\"").doesNotContain("elsewhere");

        Browser root = signedIn("root");
        String all = root.getJson("/admin/api/config/export").body();
        assertThat(all).contains("team").contains("elsewhere").contains("other-pushes");
        JsonNode same = body(root.json("POST", "/admin/api/config/import", all));
        assertThat(same.path("applied").asBoolean()).isFalse();
        assertThat(same.path("summary").asText()).isEqualTo("no change");

        String edited = all.replace("name: \"Team\"", "name: \"Team From YAML\"");
        JsonNode preview = body(root.json("POST", "/admin/api/config/import", edited));
        assertThat(preview.path("groups").path("changed")).extracting(JsonNode::asText).containsExactly("team");
        assertThat(snapshots.current().group("team").orElseThrow().name()).as("a preview writes nothing").isEqualTo("Team");

        String revision = "\"" + preview.path("revision").asLong() + "\"";
        HttpResponse<String> applied = root.json("POST", "/admin/api/config/import?apply=true", edited, root.origin(), revision);
        assertThat(applied.statusCode()).as(applied.body()).isEqualTo(200);
        assertThat(body(applied).path("applied").asBoolean()).isTrue();
        assertThat(snapshots.current().group("team").orElseThrow().name()).isEqualTo("Team From YAML");
        assertThat(root.json("POST", "/admin/api/config/import?apply=true", all, root.origin(), revision).statusCode())
                .as("the revision moved on").isEqualTo(412);

        HttpResponse<String> broken = root.json("POST", "/admin/api/config/import", all.replace("name: \"Elsewhere\"", "name: \"\""));
        assertThat(broken.statusCode()).isEqualTo(400);
        assertThat(body(broken).path("detail").asText()).contains("elsewhere").contains("name");
        assertThat(signedIn("olive").json("POST", "/admin/api/config/import", all).statusCode()).isEqualTo(403);

        HttpResponse<String> holes = root.json("POST", "/admin/api/config/import", "{\"groups\":[{\"id\":\"team\",\"name\":\"Team\"}],"
                + "\"routes\":[{\"id\":\"imported\",\"groupId\":\"team\","
                + "\"name\":\"I\",\"enabled\":true,\"filters\":[{\"type\":\"event\",\"match\":[\"push\"]}],\"targets\":[{\"platform\":"
                + "\"discord\",\"channelId\":\"123123123123123123\"}],\"template\":{\"body\":\"{{payload.release.tag_name}}\"}}]}");
        assertThat(holes.statusCode()).as(holes.body()).isEqualTo(400);
        assertThat(body(holes).path("detail").asText()).contains("template.body").contains("push sample");
    }

    // ---------------------------------------------------------------- rows this instance cannot read

    @Test
    void anOwnerSavingTheirRoutesUnchangedCannotDeleteAnotherGroupsRouteThisInstanceCannotRead() throws Exception {
        // a route an instance with another key sealed: this instance reads every other row
        new ConfigRepository(jdbc, new org.springframework.jdbc.datasource.DataSourceTransactionManager(jdbc.getDataSource()),
                java.time.Clock.systemUTC(), new dev.webhooker.secrets.SecretBox("a key this instance was not given, 32+ chars", null))
                .addRoute(new Route("sealed-elsewhere", "elsewhere", "Sealed", true, List.of(new Filter("event", List.of("push"), false)),
                        null, List.of(new WebhookTarget(new WebhookTarget.Webhook("https://hooks.example.com/ci",
                                List.of("whsec_" + java.util.Base64.getEncoder().encodeToString(new byte[32])), java.util.Map.of(),
                                WebhookTarget.BodyFormat.EVENT, null))), false, false, List.of()), () -> { });
        try {
            snapshots.refresh();
            assertThat(snapshots.current().routes()).extracting(Route::id).containsExactly("team-pushes", "other-pushes");

            Browser olive = signedIn("olive");
            JsonNode routes = body(olive.getJson("/admin/api/groups/team/routes")).path("routes");
            HttpResponse<String> saved = olive.json("PUT", "/admin/api/groups/team/routes", "{\"routes\":" + routes + "}");
            assertThat(saved.statusCode()).as(saved.body()).isEqualTo(409);
            assertThat(body(saved).path("error").asText()).isEqualTo("Unreadable configuration");
            // another tenant's row is counted, not named
            assertThat(body(saved).path("detail").asText()).startsWith("nothing was written").contains("1 row of other groups")
                    .doesNotContain("sealed-elsewhere");
            assertThat(body(saved).path("rows")).isEmpty();
            Browser root = signedIn("root");
            HttpResponse<String> all = root.json("PUT", "/admin/api/routes",
                    "{\"routes\":" + body(root.getJson("/admin/api/routes")).path("routes") + "}");
            assertThat(all.statusCode()).as(all.body()).isEqualTo(409);
            assertThat(body(all).path("rows")).extracting(JsonNode::asText).containsExactly("route \"sealed-elsewhere\" of group \"elsewhere\"");
            assertThat(jdbc.queryForList("SELECT id FROM d1_routes ORDER BY id", String.class))
                    .containsExactly("other-pushes", "sealed-elsewhere", "team-pushes");

            // reads of what it can read go on; an export that would lack the row is refused; /health says why
            assertThat(olive.get("/admin/api/config/export?groupId=team").statusCode()).isEqualTo(200);
            HttpResponse<String> export = root.getJson("/admin/api/config/export");
            assertThat(export.statusCode()).as(export.body()).isEqualTo(503);
            assertThat(body(export).path("rows")).extracting(JsonNode::asText).containsExactly("route \"sealed-elsewhere\" of group \"elsewhere\"");
            Thread.sleep(1_100); // /health reuses a report for a second
            HttpResponse<String> health = new Browser(port).getJson("/health");
            assertThat(health.statusCode()).isEqualTo(503);
            assertThat(body(health).path("checks").path("config").asText()).isEqualTo("down");
        } finally {
            jdbc.update("DELETE FROM d1_routes WHERE id = 'sealed-elsewhere'");
            snapshots.refresh();
        }
    }

    // ---------------------------------------------------------------- wrong shapes

    /**
     * Every write endpoint with each field of a valid body given the wrong type (and the whole body too): never a 5xx,
     * and every 400 names the field it refuses (in {@code field} or its {@code detail}).
     */
    @Test
    void wrongTypedBodiesAreNever5xxAndEach400NamesTheField() throws Exception {
        Browser root = signedIn("root");
        String exported = root.get("/admin/api/config/export").body();
        JsonNode document = new com.fasterxml.jackson.dataformat.yaml.YAMLMapper().readTree(exported);
        com.fasterxml.jackson.databind.node.JsonNodeFactory f = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
        JsonNode release = FakeGithub.parse(RELEASES);
        java.util.Map<String, JsonNode> endpoints = new java.util.LinkedHashMap<>();
        endpoints.put("POST /admin/api/config/import", document);
        endpoints.put("PUT /admin/api/groups/team/routes?validate=true", f.objectNode().set("routes", f.arrayNode().add(release)));
        endpoints.put("POST /admin/api/groups/team/routes", release);
        endpoints.put("PUT /admin/api/groups", f.objectNode().set("groups", document.path("groups")));
        endpoints.put("PUT /admin/api/routes", f.objectNode().set("routes", document.path("routes")));
        endpoints.put("POST /admin/api/groups", FakeGithub.parse("{\"id\":\"new-one\",\"name\":\"New\"}"));
        endpoints.put("PUT /admin/api/groups/team/route-order", FakeGithub.parse("{\"ids\":[\"team-pushes\"]}"));
        int requests = 0;
        java.util.List<String> problems = new java.util.ArrayList<>();
        for (java.util.Map.Entry<String, JsonNode> endpoint : endpoints.entrySet()) {
            String method = endpoint.getKey().substring(0, endpoint.getKey().indexOf(' '));
            String path = endpoint.getKey().substring(method.length() + 1);
            for (WrongShapes.Shape shape : WrongShapes.of(endpoint.getValue())) {
                HttpResponse<String> answer = root.json(method, path, shape.body());
                requests++;
                String where = endpoint.getKey() + " " + shape.path() + " = " + shape.body().substring(0, Math.min(200, shape.body().length()));
                if (answer.statusCode() >= 500) {
                    problems.add(answer.statusCode() + " for " + where + ": " + answer.body());
                } else if (answer.statusCode() == 400) {
                    JsonNode error = body(answer);
                    String named = error.path("field").asText("") + " " + error.path("detail").asText("");
                    boolean tooDeep = error.path("error").asText().equals("Invalid JSON body") && named.contains("nesting depth");
                    if (!error.hasNonNull("error") || named.isBlank()
                            || (shape.wrongType() && !shape.field().isEmpty() && !named.contains(shape.field()) && !tooDeep)) {
                        problems.add("400 without the field \"" + shape.field() + "\" for " + where + ": " + answer.body());
                    }
                } else if (answer.statusCode() < 300) {
                    // an accepted shape changed the configuration: the next one starts from the same state
                    usersAndGroups();
                }
            }
        }
        System.out.println("wrong shapes: " + requests + " requests, " + problems.size() + " problems");
        assertThat(requests).isGreaterThan(500);
        assertThat(problems).isEmpty();
    }

    @Test
    void aNulCharacterInANameIs400NamingTheField() {
        Browser root = signedIn("root");
        HttpResponse<String> group = root.json("POST", "/admin/api/groups", "{\"id\":\"nul-group\",\"name\":\"New\\u0000One\"}");
        assertThat(group.statusCode()).as(group.body()).isEqualTo(400);
        assertThat(body(group).path("detail").asText() + body(group).path("field").asText()).contains("name");
        HttpResponse<String> route = root.json("POST", "/admin/api/groups/team/routes", RELEASES.replace("\"Releases\"", "\"Rel\\u0000eases\""));
        assertThat(route.statusCode()).as(route.body()).isEqualTo(400);
        assertThat(body(route).path("detail").asText() + body(route).path("field").asText()).contains("name");
        assertThat(snapshots.refresh().group("nul-group")).isEmpty();
    }

    @Test
    void anEmptyPutWithoutAContentTypeIsAClear4xx() throws Exception {
        Browser root = signedIn("root");
        java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
        for (String path : List.of("/admin/api/groups/team/routes?validate=true", "/admin/api/groups/team/routes", "/admin/api/groups",
                "/admin/api/routes")) {
            HttpResponse<String> answer = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(root.origin() + path))
                    .PUT(java.net.http.HttpRequest.BodyPublishers.noBody()).header("Origin", root.origin())
                    .header("Cookie", "wh_admin_session=" + root.cookie("wh_admin_session")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(answer.statusCode()).as(path + ": " + answer.body()).isIn(400, 415);
            assertThat(body(answer).path("error").asText()).as(path).isNotBlank();
            assertThat(answer.body()).as(path).doesNotContain("ambiguous").doesNotContain("Exception");
        }
    }

    /**
     * A body that arrives in two parts is read asynchronously and the request resumed once it is complete
     * (web.RequestBodyFilter): the session, the origin check and the route's access are checked on that resumed
     * request as on any other; without the session it is still a 401.
     */
    @Test
    void aBodyArrivingSlowlyIsServedWithTheCallersSessionAndRefusedWithoutOne() throws Exception {
        Browser adam = signedIn("adam");
        String body = "{\"routes\":[" + RELEASES + "]}";
        String session = "wh_admin_session=" + adam.cookie("wh_admin_session");
        String withSession = inTwoParts("/admin/api/groups/team/routes?validate=true", adam.origin(), session, body);
        assertThat(withSession).startsWith("HTTP/1.1 200").contains("\"applied\":false");
        String without = inTwoParts("/admin/api/groups/team/routes?validate=true", adam.origin(), null, body);
        assertThat(without).startsWith("HTTP/1.1 401");
    }

    /** A PUT whose body's second half follows 500 ms after the first; the whole answer. */
    private String inTwoParts(String path, String origin, String cookie, String body) throws Exception {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            var out = socket.getOutputStream();
            out.write(("PUT " + path + " HTTP/1.1\r\nHost: localhost:" + port + "\r\nConnection: close\r\nOrigin: " + origin
                    + "\r\nContent-Type: application/json\r\nAccept: application/json\r\n" + (cookie == null ? "" : "Cookie: " + cookie + "\r\n")
                    + "Content-Length: " + bytes.length + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(bytes, 0, bytes.length / 2);
            out.flush();
            Thread.sleep(500);
            out.write(bytes, bytes.length / 2, bytes.length - bytes.length / 2);
            out.flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    @Test
    void anImportMergesWhatItNamesAndRemovesNothingUnlessAskedToPrune() {
        Browser root = signedIn("root");
        String onlyTeam = """
                groups:
                  - id: team
                    name: "Team Merged"
                    members:
                      - {login: olive, role: owner, userId: "1002"}
                  - id: added
                    name: "Added"
                routes:
                  - id: new-route
                    name: new-route
                    enabled: true
                    groupId: added
                    filters: [{type: event, match: push}]
                    targets: [{platform: discord, channelId: "123123123123123123"}]
                """;

        JsonNode preview = body(root.json("POST", "/admin/api/config/import", onlyTeam));
        assertThat(preview.path("prune").asBoolean()).isFalse();
        assertThat(preview.path("groups").path("added")).extracting(JsonNode::asText).containsExactly("added");
        assertThat(preview.path("groups").path("changed")).extracting(JsonNode::asText).containsExactly("team");
        assertThat(preview.path("groups").path("removed")).isEmpty();
        assertThat(preview.path("routes").path("removed")).isEmpty();

        HttpResponse<String> merged = root.json("POST", "/admin/api/config/import?apply=true", onlyTeam, root.origin());
        assertThat(merged.statusCode()).as(merged.body()).isEqualTo(200);
        assertThat(body(merged).path("groups").path("removed")).isEmpty();
        assertThat(snapshots.current().groups()).extracting(Group::id).containsExactly("team", "elsewhere", "added");
        assertThat(snapshots.current().group("team").orElseThrow().name()).isEqualTo("Team Merged");
        assertThat(snapshots.current().routes()).extracting(r -> r.groupId() + "/" + r.id())
                .containsExactly("team/team-pushes", "elsewhere/other-pushes", "added/new-route");
        assertThat(repository.groupOrigin("added")).contains(dev.webhooker.store.ConfigOrigin.CONSOLE);

        JsonNode prunePreview = body(root.json("POST", "/admin/api/config/import?prune=true", onlyTeam));
        assertThat(prunePreview.path("prune").asBoolean()).isTrue();
        assertThat(prunePreview.path("applied").asBoolean()).isFalse();
        assertThat(prunePreview.path("groups").path("removed")).extracting(JsonNode::asText).containsExactly("elsewhere");
        assertThat(prunePreview.path("routes").path("removed")).extracting(JsonNode::asText)
                .containsExactly("team/team-pushes", "elsewhere/other-pushes");
        assertThat(snapshots.current().groups()).as("a preview writes nothing").hasSize(3);

        HttpResponse<String> pruned = root.json("POST", "/admin/api/config/import?prune=true&apply=true", onlyTeam, root.origin());
        assertThat(pruned.statusCode()).as(pruned.body()).isEqualTo(200);
        assertThat(body(pruned).path("applied").asBoolean()).isTrue();
        assertThat(snapshots.current().groups()).extracting(Group::id).containsExactly("team", "added");
        assertThat(snapshots.current().routes()).extracting(r -> r.groupId() + "/" + r.id()).containsExactly("added/new-route");
    }

    @Test
    void aMergedImportIsValidatedWithWhatItLeavesInPlace() {
        Browser root = signedIn("root");
        StringBuilder many = new StringBuilder("groups:\n");
        for (int i = 0; i < 99; i++) {
            many.append("  - {id: g").append(i).append(", name: G}\n");
        }
        long revision = repository.revision();

        HttpResponse<String> refused = root.json("POST", "/admin/api/config/import?apply=true", many.toString(), root.origin());

        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
        assertThat(body(refused).path("detail").asText()).contains("too many groups");
        assertThat(repository.revision()).isEqualTo(revision);
        assertThat(root.json("POST", "/admin/api/config/import?prune=true", many.toString()).statusCode())
                .as("alone, the document fits").isEqualTo(200);
    }
}
