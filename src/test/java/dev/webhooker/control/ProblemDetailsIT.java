package dev.webhooker.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.KvStore;
import dev.webhooker.store.KvKeys;
import dev.webhooker.testsupport.AppStores;
import dev.webhooker.testsupport.Browser;
import dev.webhooker.testsupport.FakeGithub;
import dev.webhooker.platform.discord.DiscordTarget;

/**
 * The admin API's errors as RFC 9457 problem details when the request's Accept names application/problem+json, and
 * in their first shape, unchanged, when it does not (on the embedded default).
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ProblemDetailsIT {

    static final FakeGithub GITHUB = new FakeGithub();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        AppStores.embedded(registry, "problems");
        GITHUB.properties(registry);
        registry.add("webhooker.config.file", () -> "");
        registry.add("webhooker.delivery.enabled", () -> "false");
        registry.add("webhooker.limits.invites-per-group", () -> "1");
    }

    @LocalServerPort
    int port;

    @Autowired
    ConfigRepository repository;

    @Autowired
    ConfigSnapshots snapshots;

    @Autowired
    KvStore kv;

    private Browser olive;

    @BeforeEach
    void aGroupAndItsOwner() {
        GITHUB.server().resetAll();
        GITHUB.user("olive", 2002, "olive");
        repository.replaceAll(List.of(new Group("team", "Team", List.of(new Group.Member("olive", "owner", "2002")), List.of(), List.of(),
                        List.of(), null, true, List.of(), null, null, false)),
                List.of(new Route("team-pushes", "team", "Pushes", true, List.of(new Filter("event", List.of("push"), false)), null,
                        List.of(new DiscordTarget("123123123123123123", null)), false, false, List.of())));
        snapshots.refresh();
        kv.scan(KvKeys.INVITE.prefix()).forEach(kv::delete);
        olive = new Browser(port);
        HttpResponse<String> callback = FakeGithub.signIn(olive, "olive", null);
        assertThat(callback.statusCode()).as(callback.body()).isEqualTo(302);
    }

    private static JsonNode problem(HttpResponse<String> response, int status, String type, String title, String instance) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).get().asString().startsWith("application/problem+json");
        JsonNode body = FakeGithub.parse(response.body());
        assertThat(body.path("type").asText()).isEqualTo(type);
        assertThat(body.path("title").asText()).isEqualTo(title);
        assertThat(body.path("status").asInt()).isEqualTo(status);
        assertThat(body.path("instance").asText()).isEqualTo(instance);
        assertThat(body.has("error")).as("no first-shape member").isFalse();
        return body;
    }

    @Test
    void anUnknownGroupIsANotFoundProblem() {
        JsonNode body = problem(olive.problemJson("GET", "/admin/api/groups/nope", null), 404,
                "https://webhooker.dev/problems/not-found", "Group not found", "/admin/api/groups/nope");
        assertThat(body.has("detail")).isFalse();
    }

    @Test
    void anUnknownFieldIsAnInvalidFieldProblemListingTheExpectedOnes() {
        JsonNode body = problem(olive.problemJson("POST", "/admin/api/groups/team/invites", "{\"rol\":\"admin\"}"), 400,
                "https://webhooker.dev/problems/invalid-field", "Invalid invite", "/admin/api/groups/team/invites");
        assertThat(body.path("detail").asText()).isEqualTo("rol: unknown field (expected one of role, note)");
        assertThat(body.path("field").asText()).isEqualTo("rol");
        assertThat(body.path("errors")).hasSize(1);
        assertThat(body.path("errors").get(0).path("field").asText()).isEqualTo("rol");
        assertThat(body.path("errors").get(0).path("message").asText()).isEqualTo("unknown field (expected one of role, note)");
    }

    @Test
    void aWrongTypeIsNamed() {
        JsonNode body = problem(olive.problemJson("POST", "/admin/api/groups/team/invites", "{\"role\":\"admin\",\"note\":5}"), 400,
                "https://webhooker.dev/problems/invalid-field", "Note too long", "/admin/api/groups/team/invites");
        assertThat(body.path("field").asText()).isEqualTo("note");
        assertThat(body.path("detail").asText()).isEqualTo("note: expected a string, got number");
    }

    @Test
    void aRangeViolationAndEveryOtherProblemAreListed() {
        JsonNode body = problem(olive.problemJson("POST", "/admin/api/tokens", "{\"name\":\"\",\"scopes\":[\"fly\"],\"expiresInDays\":400}"), 400,
                "https://webhooker.dev/problems/invalid-field", "Invalid token request", "/admin/api/tokens");
        assertThat(body.path("field").asText()).isEqualTo("name");
        assertThat(body.path("errors")).extracting(e -> e.path("field").asText() + ": " + e.path("message").asText()).containsExactly(
                "name: required, 1 to 100 characters", "scopes: a non-empty array of comment, merge, close, react, admin:read, admin:write",
                "expiresInDays: a whole number from 1 to 365");
        JsonNode range = problem(olive.problemJson("POST", "/admin/api/tokens", "{\"name\":\"ci\",\"expiresInDays\":0}"), 400,
                "https://webhooker.dev/problems/invalid-field", "Invalid token request", "/admin/api/tokens");
        assertThat(range.path("detail").asText()).isEqualTo("expiresInDays: a whole number from 1 to 365");
    }

    @Test
    void anInvalidRouteListsEachProblemWithItsField() {
        String route = "{\"id\":\"team-bad\",\"name\":\"\",\"enabled\":true,\"filters\":[{\"type\":\"nonsense\"}],"
                + "\"targets\":[{\"platform\":\"discord\",\"channelId\":\"not-a-snowflake\"}]}";
        HttpResponse<String> answer = olive.problemJson("POST", "/admin/api/groups/team/routes", route);
        JsonNode body = problem(answer, 400, "https://webhooker.dev/problems/invalid-config", FakeGithub.parse(
                olive.json("POST", "/admin/api/groups/team/routes", route).body()).path("error").asText(), "/admin/api/groups/team/routes");
        assertThat(body.path("errors").size()).as(answer.body()).isGreaterThanOrEqualTo(2);
        for (JsonNode error : body.path("errors")) {
            assertThat(error.path("field").asText()).as(answer.body()).isNotBlank();
            assertThat(error.path("message").asText()).isNotBlank();
        }
        assertThat(body.path("field").asText()).isEqualTo(body.path("errors").get(0).path("field").asText());
        assertThat(body.has("problems")).isFalse();
    }

    @Test
    void aTenantLimitIsALimitReachedProblemWithItsSettingAndLimit() {
        assertThat(olive.problemJson("POST", "/admin/api/groups/team/invites", "{\"role\":\"viewer\"}").statusCode()).isEqualTo(200);
        JsonNode body = problem(olive.problemJson("POST", "/admin/api/groups/team/invites", "{\"role\":\"viewer\"}"), 409,
                "https://webhooker.dev/problems/limit-reached", "Limit reached", "/admin/api/groups/team/invites");
        assertThat(body.path("detail").asText()).contains("at most 1 pending invite");
        assertThat(body.path("setting").asText()).isNotBlank();
        assertThat(body.path("limit").asInt()).isEqualTo(1);
    }

    @Test
    void whatTheServletContainerAnswersItselfIsAProblemTooWhenAskedFor() {
        JsonNode body = problem(olive.problemJson("GET", "/admin/api/no-such-endpoint", null), 404, "about:blank", "Not Found",
                "/admin/api/no-such-endpoint");
        assertThat(body.has("detail")).isFalse();
        JsonNode media = problem(olive.problemJson("GET", "/no/such/page", null), 404, "about:blank", "Not Found", "/no/such/page");
        assertThat(media.path("status").asInt()).isEqualTo(404);

        HttpResponse<String> first = olive.getJson("/admin/api/no-such-endpoint");
        assertThat(first.statusCode()).isEqualTo(404);
        assertThat(first.body()).as("without the Accept header, the first shape").isEqualTo("{\"error\":\"Not Found\"}");
    }

    @Test
    void withoutTheAcceptHeaderTheFirstShapeIsUnchanged() {
        HttpResponse<String> missing = olive.getJson("/admin/api/groups/nope");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.headers().firstValue("Content-Type")).get().asString().startsWith("application/json");
        assertThat(missing.body()).isEqualTo("{\"error\":\"Group not found\"}");

        HttpResponse<String> unknown = olive.json("POST", "/admin/api/groups/team/invites", "{\"rol\":\"admin\"}");
        assertThat(unknown.statusCode()).isEqualTo(400);
        assertThat(unknown.body())
                .isEqualTo("{\"error\":\"Invalid invite\",\"detail\":\"rol: unknown field (expected one of role, note)\",\"field\":\"rol\"}");

        String route = "{\"id\":\"team-bad\",\"name\":\"\",\"enabled\":true,\"filters\":[{\"type\":\"nonsense\"}],"
                + "\"targets\":[{\"platform\":\"discord\",\"channelId\":\"not-a-snowflake\"}]}";
        JsonNode invalid = FakeGithub.parse(olive.json("POST", "/admin/api/groups/team/routes", route).body());
        assertThat(invalid.fieldNames()).toIterable().containsExactly("error", "detail", "field", "problems");

        assertThat(olive.json("POST", "/admin/api/groups/team/invites", "{\"role\":\"viewer\"}").statusCode()).isEqualTo(200);
        JsonNode limit = FakeGithub.parse(olive.json("POST", "/admin/api/groups/team/invites", "{\"role\":\"viewer\"}").body());
        assertThat(limit.fieldNames()).toIterable().containsExactly("error", "detail", "setting", "limit");
        assertThat(limit.path("error").asText()).isEqualTo("Limit reached");
    }
}
