package dev.webhooker.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

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

    @BeforeEach
    void usersAndGroups() {
        GITHUB.server().resetAll();
        GITHUB.user("root", Long.parseLong(SUPER_ID), "root");
        GITHUB.user("olive", 1002, "olive");
        GITHUB.user("adam", 1003, "adam");
        GITHUB.user("vera", 1004, "vera");
        GITHUB.user("stranger", 1005, "stranger");
        repository.replaceAll(List.of(
                new Group("team", "Team", List.of(new Group.Member("olive", "owner", "1002"), new Group.Member("adam", "admin"),
                        new Group.Member("vera", "viewer")), List.of(), List.of(), List.of(), null, true, List.of(), null, null, false),
                new Group("elsewhere", "Elsewhere", List.of(new Group.Member("stranger", "owner")), List.of(), List.of(), List.of(), null,
                        true, List.of(), null, null, false)),
                List.of(route("team-pushes", "team"), route("other-pushes", "elsewhere")));
        snapshots.refresh();
        kv.delete(KvKeys.TENANT.key("team"));
        kv.delete(KvKeys.TENANT_PREVIOUS.key("team"));
    }

    private static Route route(String id, String groupId) {
        return new Route(id, groupId, id, true, List.of(new Filter("event", List.of("push"), false)), null,
                List.of(Target.discord("123", null)), false, false, List.of());
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
        byte[] body = ("{\"zen\":\"Keep it logically awesome.\",\"hook_id\":" + System.nanoTime() + "}").getBytes(StandardCharsets.UTF_8);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/webhook/" + groupId))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .header("Content-Type", "application/json")
                .header("X-GitHub-Event", "ping")
                .header("X-GitHub-Delivery", UUID.randomUUID().toString())
                .header("X-Hub-Signature-256", "sha256=" + HexFormat.of().formatHex(mac.doFinal(body)))
                .build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
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
}
