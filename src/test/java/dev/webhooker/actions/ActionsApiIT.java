package dev.webhooker.actions;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlMatching;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.webhooker.chat.ChatApp;
import dev.webhooker.routing.Group;
import dev.webhooker.testsupport.Browser;
import dev.webhooker.testsupport.FakeGithub;

/** The actions API end to end: bearer tokens (GitHub's and webhooker's own), validation, GitHub's answers, the limit, the audit. */
class ActionsApiIT extends ChatApp {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String COMMENT = "{\"owner\":\"acme\",\"repo\":\"widget\",\"issueNumber\":7,\"body\":\"hello\"}";

    @BeforeEach
    void users() {
        FAKE_GITHUB.user("code-olive", "gho_olive", 1002, "olive", null, null);
        FAKE_GITHUB.user("code-busy", "gho_busy", 1010, "busy", null, null);
        FAKE_GITHUB.user("code-mapper", "gho_mapper", 1011, "mapper", null, null);
        // a sign-in is accepted (and its token kept for /api/*) only for a user with access: all three are members
        repository.replaceAll(List.of(new Group("team", "Team", List.of(new Group.Member("olive", "owner", "1002"),
                new Group.Member("busy", "viewer", "1010"), new Group.Member("mapper", "viewer", "1011")), List.of(), List.of(), List.of(),
                null, true, List.of(), null, null, false)), List.of());
        snapshots.refresh();
    }

    static HttpResponse<String> call(String path, String token, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(BASE_URL + path)).POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        try {
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static JsonNode json(HttpResponse<String> response) {
        return FakeGithub.parse(response.body());
    }

    @Test
    void withoutAValidBearerNothingRuns() {
        assertThat(json(call("/api/comment", null, COMMENT)).path("error").asText()).isEqualTo("Missing authorization");
        assertThat(call("/api/comment", "gho_unknown", COMMENT).statusCode()).isEqualTo(401);
        assertThat(call("/api/comment", "wht_" + "0".repeat(40), COMMENT).statusCode()).isEqualTo(401);
        GITHUB.verify(0, anyRequestedFor(urlMatching("/repos/.*")));
    }

    @Test
    void theUsersGithubTokenCommentsAndTheActionIsAudited() {
        FakeGithub.signIn(browser(), "code-olive", null);
        GITHUB.stubFor(post(urlEqualTo("/repos/acme/widget/issues/7/comments")).willReturn(okJson("{\"html_url\":\"https://github.com/c/1\"}")));

        HttpResponse<String> response = call("/api/comment", "gho_olive", COMMENT);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(json(response).path("ok").asBoolean()).isTrue();
        assertThat(json(response).path("url").asText()).isEqualTo("https://github.com/c/1");
        GITHUB.verify(postRequestedFor(urlEqualTo("/repos/acme/widget/issues/7/comments")).withHeader("Authorization", equalTo("Bearer gho_olive"))
                .withRequestBody(equalToJson("{\"body\":\"hello\"}")));
        Map<String, Object> audit = jdbc.queryForMap("SELECT * FROM audit_logs WHERE action = 'github.comment.create'");
        assertThat(audit).containsEntry("ACTOR_ID", "1002").containsEntry("TARGET_ID", "acme/widget#7").containsEntry("IP", "127.0.0.1");
    }

    @Test
    void anApiTokenIsShownOnceWorksWithinItsScopesAndStopsWhenRevoked() {
        Browser console = browser();
        FakeGithub.signIn(console, "code-olive", null);
        HttpResponse<String> made = console.json("POST", "/admin/api/tokens", "{\"name\":\"ci bot\",\"scopes\":[\"comment\"],\"expiresInDays\":7}");
        assertThat(made.statusCode()).as(made.body()).isEqualTo(201);
        String value = json(made).path("value").asText();
        String id = json(made).path("id").asText();
        assertThat(value).matches("wht_[0-9a-f]{40}");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM api_tokens WHERE token_hash = ?", Integer.class, value)).as("never stored").isZero();

        GITHUB.stubFor(post(urlEqualTo("/repos/acme/widget/issues/7/comments")).willReturn(okJson("{\"html_url\":\"u\"}")));
        assertThat(call("/api/comment", value, COMMENT).statusCode()).isEqualTo(200);
        HttpResponse<String> merge = call("/api/merge", value, "{\"owner\":\"acme\",\"repo\":\"widget\",\"pullNumber\":7}");
        assertThat(merge.statusCode()).isEqualTo(403);
        assertThat(json(merge).path("error").asText()).isEqualTo("This token may not merge (its scopes: comment)");

        JsonNode listed = json(console.getJson("/admin/api/tokens")).path("tokens").path(0);
        assertThat(listed.path("name").asText()).isEqualTo("ci bot");
        assertThat(listed.path("lastUsedAt").isNumber()).isTrue();
        assertThat(listed.has("value")).isFalse();

        assertThat(console.delete("/admin/api/tokens/" + id, console.origin()).statusCode()).isEqualTo(200);
        assertThat(call("/api/comment", value, COMMENT).statusCode()).isEqualTo(401);
        assertThat(jdbc.queryForList("SELECT action FROM audit_logs WHERE target_type = 'api_token' ORDER BY id", String.class))
                .containsExactly("api_token.create", "api_token.revoke");
    }

    @Test
    void tokenRequestsAreCheckedField() {
        Browser console = browser();
        FakeGithub.signIn(console, "code-olive", null);
        Map<String, String> bodies = Map.of(
                "{}", "name",
                "{\"name\":\"x\",\"scopes\":[\"admin\"]}", "scopes",
                "{\"name\":\"x\",\"expiresInDays\":400}", "expiresInDays",
                "{\"name\":\"x\",\"color\":\"red\"}", "color");
        bodies.forEach((body, field) -> {
            HttpResponse<String> response = console.json("POST", "/admin/api/tokens", body);
            assertThat(response.statusCode()).as(body).isEqualTo(400);
            assertThat(json(response).path("field").asText()).as(body).isEqualTo(field);
        });
    }

    @Test
    void badBodiesAre400NamingTheField() {
        FakeGithub.signIn(browser(), "code-olive", null);
        Map<String, String> bodies = Map.of(
                "{\"owner\":\"acme\",\"repo\":\"widget\",\"issueNumber\":1.5,\"body\":\"x\"}", "issueNumber",
                "{\"owner\":\"acme\",\"repo\":\"..\",\"issueNumber\":1,\"body\":\"x\"}", "repo",
                "{\"owner\":\"-acme\",\"repo\":\"widget\",\"issueNumber\":1,\"body\":\"x\"}", "owner",
                "{\"owner\":\"acme\",\"repo\":\"widget\",\"issueNumber\":1,\"body\":\"" + "x".repeat(65_537) + "\"}", "body",
                "{\"owner\":\"acme\",\"repo\":\"widget\",\"issueNumber\":1,\"body\":\"x\",\"extra\":1}", "extra",
                "{\"owner\":\"acme\",\"repo\":\"widget\",\"issueNumber\":\"7\",\"body\":\"x\"}", "issueNumber");
        bodies.forEach((body, field) -> {
            HttpResponse<String> response = call("/api/comment", "gho_olive", body);
            assertThat(response.statusCode()).as(body).isEqualTo(400);
            assertThat(json(response).path("error").asText()).isEqualTo("Invalid request body");
            assertThat(json(response).path("field").asText()).as(body).isEqualTo(field);
        });
        assertThat(json(call("/api/merge", "gho_olive", "{\"owner\":\"a\",\"repo\":\"b\",\"pullNumber\":1,\"method\":\"fast\"}"))
                .path("field").asText()).isEqualTo("method");
        assertThat(json(call("/api/react", "gho_olive", "{\"owner\":\"a\",\"repo\":\"b\",\"issueNumber\":1,\"reaction\":\"wow\"}"))
                .path("field").asText()).isEqualTo("reaction");
        assertThat(call("/api/close", "gho_olive", "not json").statusCode()).isEqualTo(400);
        GITHUB.verify(0, anyRequestedFor(urlMatching("/repos/.*")));
    }

    @Test
    void githubsAnswersMapToTheTargetStatuses() {
        FakeGithub.signIn(browser(), "code-mapper", null);
        Map<Integer, Integer> mapping = Map.of(403, 403, 404, 404, 405, 409, 409, 409, 422, 422, 500, 502, 502, 502);
        mapping.forEach((github, ours) -> {
            GITHUB.stubFor(any(urlMatching("/repos/.*")).willReturn(aResponse().withStatus(github).withHeader("Content-Type", "application/json")
                    .withBody("{\"message\":\"Base branch was modified\"}")));
            HttpResponse<String> response = call("/api/merge", "gho_mapper", "{\"owner\":\"acme\",\"repo\":\"widget\",\"pullNumber\":7}");
            assertThat(response.statusCode()).as("GitHub " + github).isEqualTo(ours);
            assertThat(json(response).path("error").asText()).as("GitHub " + github).isNotBlank();
        });
        GITHUB.stubFor(any(urlMatching("/repos/.*")).willReturn(aResponse().withStatus(401)));
        assertThat(call("/api/react", "gho_mapper", "{\"owner\":\"acme\",\"repo\":\"widget\",\"issueNumber\":7,\"reaction\":\"rocket\"}")
                .statusCode()).isEqualTo(401);
        // GitHub refused the token: it is forgotten, so the same bearer no longer authenticates
        assertThat(call("/api/close", "gho_mapper", "{\"owner\":\"acme\",\"repo\":\"widget\",\"pullNumber\":7}").statusCode()).isEqualTo(401);
    }

    @Test
    void writesBeyondTheLimitAre429() {
        FakeGithub.signIn(browser(), "code-busy", null);
        GITHUB.stubFor(post(urlEqualTo("/repos/acme/widget/issues/7/comments")).willReturn(okJson("{\"html_url\":\"u\"}")));
        for (int i = 0; i < ACTIONS_PER_MINUTE; i++) {
            assertThat(call("/api/comment", "gho_busy", COMMENT).statusCode()).isEqualTo(200);
        }
        HttpResponse<String> over = call("/api/comment", "gho_busy", COMMENT);
        assertThat(over.statusCode()).isEqualTo(429);
        GITHUB.verify(ACTIONS_PER_MINUTE, postRequestedFor(urlEqualTo("/repos/acme/widget/issues/7/comments")));
    }
}
