package dev.webhooker.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.testsupport.AppStores;
import dev.webhooker.testsupport.Browser;
import dev.webhooker.testsupport.FakeGithub;

/**
 * Scripts call the admin API with an API token: {@code admin:read} reads every endpoint family, {@code admin:write}
 * also changes, each as its user and never beyond that user's roles; tokens are made and revoked from a console
 * session only, and no Origin header is asked of a call that carries a token.
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AdminApiTokensIT {

    static final FakeGithub GITHUB = new FakeGithub();
    static final HttpClient HTTP = HttpClient.newHttpClient();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.embedded(registry, "admin-tokens");
        GITHUB.properties(registry);
        registry.add("webhooker.config.file", () -> "");
        registry.add("webhooker.delivery.enabled", () -> "false");
    }

    @LocalServerPort
    int port;

    @Autowired
    ConfigRepository repository;

    @Autowired
    ConfigSnapshots snapshots;

    @Autowired
    JdbcTemplate jdbc;

    private Browser olive;

    @BeforeEach
    void twoGroupsOliveOwnsOne() {
        GITHUB.server().resetAll();
        GITHUB.user("olive", 2002, "olive");
        jdbc.update("DELETE FROM api_tokens");
        repository.replaceAll(List.of(
                new Group("team", "Team", List.of(new Group.Member("olive", "owner", "2002")), List.of(), List.of(), List.of(), null, true,
                        List.of(), null, null, false),
                new Group("other", "Other", List.of(new Group.Member("mallory", "owner", "6666")), List.of(), List.of(), List.of(), null,
                        true, List.of(), null, null, false)),
                List.of(route("pushes", "team"), route("secret-plans", "other")));
        snapshots.refresh();
        olive = new Browser(port);
        assertThat(FakeGithub.signIn(olive, "olive", null).statusCode()).isEqualTo(302);
    }

    private static Route route(String id, String group) {
        return new Route(id, group, id, true, List.of(new Filter("event", List.of("push"), false)), null,
                List.of(new DiscordTarget("123123123123123123", null)), false, false, List.of());
    }

    private String token(String scopes) {
        HttpResponse<String> made = olive.json("POST", "/admin/api/tokens", "{\"name\":\"ci\",\"scopes\":" + scopes + "}");
        assertThat(made.statusCode()).as(made.body()).isEqualTo(201);
        return FakeGithub.parse(made.body()).path("value").asText();
    }

    /** A script's call: the token, no cookie, no Origin. */
    private HttpResponse<String> call(String token, String method, String path, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static final String NEW_ROUTE = "{\"id\":\"from-ci\",\"name\":\"From CI\",\"enabled\":true,"
            + "\"filters\":[{\"type\":\"event\",\"match\":[\"release\"]}],\"targets\":[{\"platform\":\"discord\",\"channelId\":\"123123123123123123\"}]}";

    @Test
    void aReadTokenReadsEveryFamilyAndChangesNothing() throws Exception {
        String read = token("[\"admin:read\"]");

        for (String path : List.of("/admin/api/me", "/admin/api/groups", "/admin/api/groups/team", "/admin/api/groups/team/routes",
                "/admin/api/groups/team/routes/pushes", "/admin/api/groups/team/chats", "/admin/api/groups/team/invites",
                "/admin/api/routes", "/admin/api/logs", "/admin/api/audit", "/admin/api/deliveries", "/admin/api/metrics",
                "/admin/api/targets", "/admin/api/config/export", "/admin/api/openapi.json")) {
            assertThat(call(read, "GET", path, null).statusCode()).as(path).isEqualTo(200);
        }
        HttpResponse<String> groups = call(read, "GET", "/admin/api/groups", null);
        assertThat(groups.body()).contains("\"team\"").doesNotContain("\"other\"");

        for (String[] write : List.of(new String[] {"POST", "/admin/api/groups/team/routes", NEW_ROUTE},
                new String[] {"PUT", "/admin/api/groups/team/route-order", "{\"order\":[\"pushes\"]}"},
                new String[] {"DELETE", "/admin/api/groups/team/routes/pushes", null},
                new String[] {"POST", "/admin/api/groups/team/invites", "{\"role\":\"viewer\"}"},
                new String[] {"POST", "/admin/api/groups/team/webhook/regenerate", null},
                new String[] {"POST", "/admin/api/groups", "{\"id\":\"new\",\"name\":\"New\"}"},
                new String[] {"POST", "/admin/api/config/import", "{}"},
                new String[] {"POST", "/admin/api/targets/enable", "{}"},
                new String[] {"POST", "/admin/api/deliveries/replay", "{}"})) {
            HttpResponse<String> refused = call(read, write[0], write[1], write[2]);
            assertThat(refused.statusCode()).as(write[0] + " " + write[1]).isEqualTo(403);
            assertThat(refused.body()).contains("This token lacks the admin:write scope");
        }
        assertThat(snapshots.refresh().routesOf("team")).extracting(Route::id).containsExactly("pushes");
    }

    @Test
    void aWriteTokenChangesAsItsUserAndNeverBeyond() throws Exception {
        String write = token("[\"admin:write\"]");

        HttpResponse<String> created = call(write, "POST", "/admin/api/groups/team/routes", NEW_ROUTE);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        assertThat(snapshots.refresh().routesOf("team")).extracting(Route::id).contains("from-ci");
        assertThat(jdbc.queryForObject("SELECT actor_login FROM audit_logs WHERE action = 'route.create' ORDER BY id DESC LIMIT 1",
                String.class)).isEqualTo("olive");

        // the other group is not olive's: the token cannot see or change it either
        assertThat(call(write, "GET", "/admin/api/groups/other/routes", null).statusCode()).isIn(403, 404);
        assertThat(call(write, "POST", "/admin/api/groups/other/routes", NEW_ROUTE).statusCode()).isIn(403, 404);
        assertThat(call(write, "DELETE", "/admin/api/groups/other/routes/secret-plans", null).statusCode()).isIn(403, 404);
        assertThat(snapshots.refresh().routesOf("other")).extracting(Route::id).containsExactly("secret-plans");
    }

    @Test
    void tokensAreManagedFromASessionOnlyAndOtherTokensAreRefused() throws Exception {
        String write = token("[\"admin:write\"]");
        HttpResponse<String> minted = call(write, "POST", "/admin/api/tokens", "{\"name\":\"more\",\"scopes\":[\"merge\"]}");
        assertThat(minted.statusCode()).isEqualTo(403);
        assertThat(minted.body()).contains("from a signed-in console session");
        assertThat(call(write, "GET", "/admin/api/tokens", null).statusCode()).isEqualTo(403);

        String actions = token("[\"comment\"]");
        assertThat(call(actions, "GET", "/admin/api/groups", null).statusCode()).isEqualTo(403);
        assertThat(call("gho_a-github-token", "GET", "/admin/api/groups", null).statusCode()).isEqualTo(401);
        assertThat(call("wht_" + "0".repeat(40), "GET", "/admin/api/groups", null).statusCode()).isEqualTo(401);

        // revoked from the console: refused from then on
        JsonNode listed = FakeGithub.parse(olive.getJson("/admin/api/tokens").body()).path("tokens");
        assertThat(listed).hasSize(2);
        for (JsonNode token : listed) {
            assertThat(olive.json("DELETE", "/admin/api/tokens/" + token.path("id").asText(), null).statusCode()).isEqualTo(200);
        }
        HttpResponse<String> revoked = call(write, "GET", "/admin/api/groups", null);
        assertThat(revoked.statusCode()).isEqualTo(401);
        assertThat(revoked.body()).contains("Invalid or expired token");
    }
}
