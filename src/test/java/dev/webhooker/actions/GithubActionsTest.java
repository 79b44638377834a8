package dev.webhooker.actions;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.audit.AuditLog;
import dev.webhooker.github.GithubClient;
import dev.webhooker.testsupport.TestDatabases;
import dev.webhooker.testsupport.TestHttp;

/** Every GitHub answer mapped to its error, the token handling, the rate limit and the audit, against a fake GitHub. */
class GithubActionsTest {

    @RegisterExtension
    static WireMockExtension github = WireMockExtension.newInstance()
            .options(wireMockConfig().dynamicPort().bindAddress("127.0.0.1")).build();

    private static JdbcTemplate jdbc;
    private static AuditLog audit;

    private final List<String> rejected = new ArrayList<>();
    private final ForgeLink pull = ForgeLink.githubPull("acme", "widget", 7);
    private Optional<String> token = Optional.of("gho_user");

    @BeforeAll
    static void database() {
        var dataSource = TestDatabases.h2();
        jdbc = new JdbcTemplate(dataSource);
        audit = new AuditLog(jdbc, Clock.systemUTC());
    }

    @BeforeEach
    void clean() {
        jdbc.update("DELETE FROM audit_logs");
    }

    private GithubActions actions(long perMinute, Duration timeout) {
        UserTokens tokens = new UserTokens() {
            @Override
            public Optional<String> accessToken(String githubUserId) {
                return token;
            }

            @Override
            public void rejected(String githubUserId) {
                rejected.add(githubUserId);
            }

            @Override
            public String login(String githubUserId) {
                return "olive";
            }
        };
        GithubClient client = new GithubClient(TestHttp.apis(), github.baseUrl() + "/", timeout, Duration.ofSeconds(2));
        return new GithubActions(client, tokens, new ActionRateLimit(perMinute), audit);
    }

    private GithubActions actions() {
        return actions(100, Duration.ofSeconds(5));
    }

    @Test
    void aMergeIsMadeWithTheUsersTokenAndAudited() {
        github.stubFor(put(urlEqualTo("/repos/acme/widget/pulls/7/merge")).willReturn(okJson("{\"merged\":true}")));

        ActionOutcome outcome = actions().perform("1002", Action.merge(pull, "rebase"), "discord", null);

        assertThat(outcome.ok()).isTrue();
        github.verify(putRequestedFor(urlEqualTo("/repos/acme/widget/pulls/7/merge"))
                .withHeader("Authorization", equalTo("Bearer gho_user"))
                .withHeader("X-GitHub-Api-Version", equalTo("2022-11-28"))
                .withRequestBody(equalToJson("{\"merge_method\":\"rebase\"}")));
        Map<String, Object> row = jdbc.queryForMap("SELECT * FROM audit_logs");
        assertThat(row).containsEntry("ACTION", "github.pull.merge").containsEntry("ACTOR_ID", "1002").containsEntry("ACTOR_LOGIN", "olive")
                .containsEntry("TARGET_TYPE", "pull").containsEntry("TARGET_ID", "acme/widget#7");
        assertThat((String) row.get("DETAIL")).contains("\"via\":\"discord\"", "\"result\":\"ok\"", "\"method\":\"rebase\"");
    }

    @Test
    void eachGithubStatusHasItsError() {
        Map<Integer, ActionError> expected = Map.of(401, ActionError.TOKEN_EXPIRED, 403, ActionError.FORBIDDEN, 404, ActionError.NOT_FOUND,
                405, ActionError.CONFLICT, 409, ActionError.CONFLICT, 422, ActionError.INVALID, 429, ActionError.RATE_LIMITED,
                500, ActionError.UNAVAILABLE, 503, ActionError.UNAVAILABLE);
        expected.forEach((status, error) -> {
            github.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(status).withHeader("Content-Type", "application/json")
                    .withBody("{\"message\":\"Pull Request is not mergeable\",\"documentation_url\":\"x\"}")));
            ActionOutcome outcome = actions().perform("1002", Action.close(pull), "api", "10.0.0.1");
            assertThat(outcome.error()).as("HTTP " + status).isEqualTo(error);
            // GitHub's own reason is kept only where it explains a refusal to the user
            assertThat(outcome.githubMessage()).as("HTTP " + status)
                    .isEqualTo(status == 405 || status == 409 || status == 422 ? "Pull Request is not mergeable" : null);
        });
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM audit_logs WHERE action = 'github.pull.close' AND ip = '10.0.0.1'",
                Integer.class)).isEqualTo(expected.size());
    }

    @Test
    void a401ForgetsTheTokenAndNoTokenAtAllIsExpired() {
        github.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(401)));
        assertThat(actions().perform("1002", Action.close(pull), "api", null).error()).isEqualTo(ActionError.TOKEN_EXPIRED);
        assertThat(rejected).containsExactly("1002");

        token = Optional.empty();
        github.resetRequests();
        assertThat(actions().perform("1002", Action.close(pull), "api", null).error()).isEqualTo(ActionError.TOKEN_EXPIRED);
        github.verify(0, anyRequestedFor(anyUrl()));
    }

    @Test
    void githubsOwnRateLimitIsRateLimitedNotForbidden() {
        github.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(403).withHeader("x-ratelimit-remaining", "0")));
        assertThat(actions().perform("1002", Action.close(pull), "api", null).error()).isEqualTo(ActionError.RATE_LIMITED);
    }

    @Test
    void aTimeoutOrAClosedConnectionIsUnavailable() {
        github.stubFor(any(anyUrl()).willReturn(okJson("{}").withFixedDelay(1500)));
        assertThat(actions(100, Duration.ofMillis(300)).perform("1002", Action.close(pull), "api", null).error())
                .isEqualTo(ActionError.UNAVAILABLE);
        github.stubFor(any(anyUrl()).willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));
        assertThat(actions().perform("1002", Action.close(pull), "api", null).error()).isEqualTo(ActionError.UNAVAILABLE);
    }

    @Test
    void aRenamedRepositorysRedirectIsFollowedOnGithubButNotElsewhere() {
        github.stubFor(put(urlEqualTo("/repos/acme/widget/pulls/7/merge")).willReturn(aResponse().withStatus(307)
                .withHeader("Location", github.baseUrl() + "/repositories/42/pulls/7/merge")));
        github.stubFor(put(urlEqualTo("/repositories/42/pulls/7/merge")).willReturn(okJson("{\"merged\":true}")));

        assertThat(actions().perform("1002", Action.merge(pull, "squash"), "api", null).ok()).isTrue();
        github.verify(putRequestedFor(urlEqualTo("/repositories/42/pulls/7/merge"))
                .withHeader("Authorization", equalTo("Bearer gho_user"))
                .withRequestBody(equalToJson("{\"merge_method\":\"squash\"}")));

        // the user's token is not taken to another host
        github.stubFor(put(urlEqualTo("/repos/acme/widget/pulls/7/merge")).willReturn(aResponse().withStatus(307)
                .withHeader("Location", "http://elsewhere.invalid/repositories/42/pulls/7/merge")));
        assertThat(actions().perform("1002", Action.merge(pull, "squash"), "api", null).error()).isEqualTo(ActionError.UNAVAILABLE);
    }

    @Test
    void writesBeyondTheUsersLimitAreRefusedWithoutCallingGithub() {
        github.stubFor(post(urlEqualTo("/repos/acme/widget/issues/7/comments")).willReturn(okJson("{\"html_url\":\"u\"}")));
        GithubActions limited = actions(2, Duration.ofSeconds(5));
        ForgeLink issue = ForgeLink.githubIssue("acme", "widget", 7);
        assertThat(limited.perform("1002", Action.comment(issue, "a"), "api", null).ok()).isTrue();
        assertThat(limited.perform("1002", Action.comment(issue, "b"), "api", null).ok()).isTrue();
        assertThat(limited.perform("1002", Action.comment(issue, "c"), "api", null).error()).isEqualTo(ActionError.RATE_LIMITED);
        assertThat(limited.perform("1003", Action.comment(issue, "d"), "api", null).ok()).as("another user").isTrue();
        github.verify(3, postRequestedFor(urlEqualTo("/repos/acme/widget/issues/7/comments")));
        // the comment text never reaches the audit
        assertThat(jdbc.queryForList("SELECT detail FROM audit_logs", String.class)).noneMatch(d -> d.contains("\"a\"") || d.contains("body"));
    }

    @Test
    void giteaTargetsAreNotSupportedAndReadsAreNotAudited() {
        ForgeLink gitea = new ForgeLinks(() -> Set.of("git.example.org")).first("https://git.example.org/t/a/pulls/3", ForgeLinks.Kind.PULL)
                .orElseThrow();
        assertThat(actions().perform("1002", Action.merge(gitea, null), "telegram", null).error()).isEqualTo(ActionError.UNSUPPORTED_FORGE);
        github.stubFor(any(anyUrl()).willReturn(okJson("{\"state\":\"open\"}")));
        assertThat(actions().perform("1002", Action.readPull(pull), "discord", null).field("state")).isEqualTo("open");
        assertThat(jdbc.queryForList("SELECT action FROM audit_logs", String.class)).containsExactly("github.pull.merge");
        github.verify(1, anyRequestedFor(anyUrl()));
    }
}
