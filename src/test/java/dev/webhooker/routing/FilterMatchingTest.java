package dev.webhooker.routing;

import static dev.webhooker.routing.RoutingExamples.all;
import static dev.webhooker.routing.RoutingExamples.any;
import static dev.webhooker.routing.RoutingExamples.disabled;
import static dev.webhooker.routing.RoutingExamples.event;
import static dev.webhooker.routing.RoutingExamples.exclude;
import static dev.webhooker.routing.RoutingExamples.f;
import static dev.webhooker.routing.RoutingExamples.fires;
import static dev.webhooker.routing.RoutingExamples.leaf;
import static dev.webhooker.routing.RoutingExamples.not;
import static dev.webhooker.routing.RoutingExamples.route;
import static dev.webhooker.routing.RoutingExamples.treeRoute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Whether one route matches one event: the filter and tree cases. */
class FilterMatchingTest {

    /** Base payload of the tree cases: pull_request on acme/widget by alice, action opened. */
    private static final WebhookEvent BASE = event("pull_request", """
            {"action":"opened","repository":{"full_name":"acme/widget"},"sender":{"login":"alice"}}""");

    private static WebhookEvent push(String ref) {
        return event("push", """
                {"ref":"%s","repository":{"full_name":"acme/widget"},"sender":{"login":"alice"}}""".formatted(ref));
    }

    private static WebhookEvent pushWithCommit(String message) {
        return event("push", """
                {"ref":"refs/heads/main","commits":[{"id":"abc","message":"%s"}]}""".formatted(message));
    }

    private static WebhookEvent pullRequestFrom(String headRef) {
        return event("pull_request", """
                {"action":"opened","pull_request":{"head":{"ref":"%s"}}}""".formatted(headRef));
    }

    private static WebhookEvent repoEvent(String fullName) {
        return event("push", """
                {"repository":{"full_name":"%s"}}""".formatted(fullName));
    }

    private static WebhookEvent sender(String login) {
        return event("push", """
                {"sender":{"login":"%s"}}""".formatted(login));
    }

    private static WebhookEvent labelled(String event, String subject, String... labels) {
        StringBuilder list = new StringBuilder();
        for (String label : labels) {
            list.append(list.isEmpty() ? "" : ",").append("{\"name\":\"").append(label).append("\"}");
        }
        return event(event, "{\"action\":\"labeled\",\"%s\":{\"number\":7,\"labels\":[%s]}}".formatted(subject, list));
    }

    static Stream<Arguments> labelCases() {
        return Stream.of(
                arguments("a pull request with the label", route(f("label", "bug")), labelled("pull_request", "pull_request", "ui", "Bug"), true),
                arguments("an issue with the label", route(f("label", "bug")), labelled("issues", "issue", "bug"), true),
                arguments("a review of a pull request with it", route(f("label", "bug")), labelled("pull_request_review", "pull_request", "bug"), true),
                arguments("any of the patterns, any label", route(f("label", "security", "prio/*")), labelled("issues", "issue", "ui", "prio/high"), true),
                arguments("no label matches", route(f("label", "bug")), labelled("issues", "issue", "ui", "docs"), false),
                arguments("exclude: none matches", route(exclude("label", "wontfix")), labelled("issues", "issue", "ui"), true),
                arguments("exclude: one matches", route(exclude("label", "wontfix")), labelled("issues", "issue", "ui", "wontfix"), false),
                arguments("no labels at all fails even with exclude", route(exclude("label", "wontfix")), labelled("issues", "issue"), false),
                arguments("a push has none", route(f("label", "bug")), push("refs/heads/main"), false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("labelCases")
    void labelFiltersTestEveryLabel(String name, Route route, WebhookEvent event, boolean expected) {
        assertThat(fires(route, event)).isEqualTo(expected);
    }

    static Stream<Arguments> originalTestCases() {
        return Stream.of(
                arguments("1 no filters matches push with empty payload", route(), event("push", "{}"), true),
                arguments("2 disabled route does not match", disabled(route()), event("push", "{}"), false),
                arguments("3 event push / push", route(f("event", "push")), event("push", "{}"), true),
                arguments("3 event push / issues", route(f("event", "push")), event("issues", "{}"), false),
                arguments("4 event push exclude / push", route(exclude("event", "push")), event("push", "{}"), false),
                arguments("4 event push exclude / issues", route(exclude("event", "push")), event("issues", "{}"), true),
                arguments("5 repo owner/repo", route(f("repo", "owner/repo")), repoEvent("owner/repo"), true),
                arguments("6 actor octocat", route(f("actor", "octocat")), sender("octocat"), true),
                arguments("7 action opened on issues", route(f("action", "opened")),
                        event("issues", "{\"action\":\"opened\"}"), true),
                arguments("8 branch main / refs/heads/main", route(f("branch", "main")), push("refs/heads/main"), true),
                arguments("8 branch main / refs/heads/dev", route(f("branch", "main")), push("refs/heads/dev"), false),
                arguments("9 branch feature-x / PR head feature-x", route(f("branch", "feature-x")),
                        pullRequestFrom("feature-x"), true),
                arguments("9 branch feature-x / PR head other", route(f("branch", "feature-x")),
                        pullRequestFrom("other"), false),
                arguments("10 keyword regex / fixes bug #123", route(f("keyword", "/fix(es|ed)\\s+bug/")),
                        pushWithCommit("fixes bug #123"), true),
                arguments("10 keyword regex / adds feature", route(f("keyword", "/fix(es|ed)\\s+bug/")),
                        pushWithCommit("adds feature"), false),
                arguments("11 keyword deploy / deploy to prod", route(f("keyword", "deploy")),
                        pushWithCommit("deploy to prod"), true),
                arguments("12 keyword *deploy* / auto deploy pipeline", route(f("keyword", "*deploy*")),
                        pushWithCommit("auto deploy pipeline"), true),
                arguments("12 keyword *deploy* / build only", route(f("keyword", "*deploy*")),
                        pushWithCommit("build only"), false),
                arguments("13 event pull_* / pull_request", route(f("event", "pull_*")), event("pull_request", "{}"), true),
                arguments("13 event pull_* / pull_request_review", route(f("event", "pull_*")),
                        event("pull_request_review", "{}"), true),
                arguments("13 event pull_* / push", route(f("event", "pull_*")), event("push", "{}"), false),
                arguments("14 repo myorg/* / myorg/backend", route(f("repo", "myorg/*")), repoEvent("myorg/backend"), true),
                arguments("14 repo myorg/* / other/backend", route(f("repo", "myorg/*")), repoEvent("other/backend"), false),
                arguments("15 branch feature-? / feature-x", route(f("branch", "feature-?")), push("refs/heads/feature-x"), true),
                arguments("15 branch feature-? / feature-xy", route(f("branch", "feature-?")), push("refs/heads/feature-xy"), false),
                arguments("16 branch /^feat/ / feature-x", route(f("branch", "/^feat/")), push("refs/heads/feature-x"), true),
                arguments("16 branch /^feat/ / main", route(f("branch", "/^feat/")), push("refs/heads/main"), false),
                arguments("17 event release- plain / release-x", route(f("event", "release-")), event("release-x", "{}"), false),
                arguments("17 event release- plain / release-", route(f("event", "release-")), event("release-", "{}"), true),
                arguments("18 event push AND actor octocat / octocat", route(f("event", "push"), f("actor", "octocat")),
                        sender("octocat"), true),
                arguments("18 event push AND actor octocat / other", route(f("event", "push"), f("actor", "octocat")),
                        sender("other"), false),
                arguments("19 event [push, pull_request] / push", route(f("event", "push", "pull_request")),
                        event("push", "{}"), true),
                arguments("19 event [push, pull_request] / pull_request", route(f("event", "push", "pull_request")),
                        event("pull_request", "{}"), true),
                arguments("19 event [push, pull_request] / issues", route(f("event", "push", "pull_request")),
                        event("issues", "{}"), false),
                arguments("20 leaf event pull_request", treeRoute(leaf(f("event", "pull_request"))), BASE, true),
                arguments("21 leaf repo other/repo", treeRoute(leaf(f("repo", "other/repo"))), BASE, false),
                arguments("22 all[event pull_request, repo acme/widget]",
                        treeRoute(all(leaf(f("event", "pull_request")), leaf(f("repo", "acme/widget")))), BASE, true),
                arguments("23 all[event pull_request, repo nope/repo]",
                        treeRoute(all(leaf(f("event", "pull_request")), leaf(f("repo", "nope/repo")))), BASE, false),
                arguments("24 any[repo nope/repo, event pull_request]",
                        treeRoute(any(leaf(f("repo", "nope/repo")), leaf(f("event", "pull_request")))), BASE, true),
                arguments("25 not{repo nope/repo}", treeRoute(not(leaf(f("repo", "nope/repo")))), BASE, true),
                arguments("26 all[event, any[repo acme/*, repo x/*], not{actor bob}]",
                        treeRoute(all(
                                leaf(f("event", "pull_request")),
                                any(leaf(f("repo", "acme/*")), leaf(f("repo", "x/*"))),
                                not(leaf(f("actor", "bob"))))), BASE, true),
                arguments("27 ast replaces filters (filters would match too)",
                        treeRoute(any(leaf(f("repo", "nope/*")), leaf(f("event", "pull_request"))), f("event", "pull_request")),
                        BASE, true),
                arguments("27 ast replaces filters (filters alone would match, tree does not)",
                        treeRoute(leaf(f("repo", "nope/*")), f("event", "pull_request")), BASE, false));
    }

    static Stream<Arguments> derivedCases() {
        String longGlob = "p" + "*".repeat(200);
        String plain250 = "e".repeat(250);
        return Stream.of(
                arguments("actor bot exclude / no sender → false (missing-value rule)",
                        route(exclude("actor", "bot")), event("push", "{}"), false),
                arguments("actor [bot] plain / dependabot[bot] → exact match only",
                        route(f("actor", "[bot]")), sender("dependabot[bot]"), false),
                arguments("actor *[bot] glob / dependabot[bot]", route(f("actor", "*[bot]")), sender("dependabot[bot]"), true),
                arguments("keyword \"draft\": true (with space) never matches",
                        route(f("keyword", "\"draft\": true")), event("pull_request", "{\"pull_request\":{\"draft\":true}}"), false),
                arguments("keyword \"draft\":true (compact) matches",
                        route(f("keyword", "\"draft\":true")), event("pull_request", "{\"pull_request\":{\"draft\": true}}"), true),
                arguments("event glob longer than 200 → false", route(f("event", longGlob)), event("push", "{}"), false),
                arguments("event 250-char plain pattern / identical event → true",
                        route(f("event", plain250)), event(plain250, "{}"), true),
                arguments("event /(/ invalid → false", route(f("event", "/(/")), event("push", "{}"), false),
                arguments("event /(/ invalid with exclude → true", route(exclude("event", "/(/")), event("push", "{}"), true),
                arguments("event // matches anything", route(f("event", "//")), event("anything_at_all", "{}"), true),
                arguments("branch main / code_scanning_alert ref refs/heads/main (not stripped)",
                        route(f("branch", "main")), event("code_scanning_alert", "{\"ref\":\"refs/heads/main\"}"), false),
                arguments("branch v1 / push refs/tags/v1 (tags keep their prefix)",
                        route(f("branch", "v1")), push("refs/tags/v1"), false),
                arguments("branch MAIN / push refs/heads/main (case-insensitive)",
                        route(f("branch", "MAIN")), push("refs/heads/main"), true),
                arguments("repo ACME/* / acme/sub/x (glob crosses /)", route(f("repo", "ACME/*")), repoEvent("acme/sub/x"), true),
                arguments("event [a, b] exclude / push", route(exclude("event", "a", "b")), event("push", "{}"), true),
                arguments("event [push, b] exclude / push", route(exclude("event", "push", "b")), event("push", "{}"), false),
                arguments("keyword /DEPLOY/ / text Deploy", route(f("keyword", "/DEPLOY/")), pushWithCommit("Deploy"), true),
                arguments("keyword DEPLOY plain / text Deploy", route(f("keyword", "DEPLOY")), pushWithCommit("Deploy"), true),
                arguments("ast any[] → false", treeRoute(any()), BASE, false),
                arguments("ast all[] → true", treeRoute(all()), BASE, true),
                arguments("action 1 / action is the number 1", route(f("action", "1")), event("issues", "{\"action\":1}"), false),
                arguments("repo a.b/* / axb/c (dot is literal)", route(f("repo", "a.b/*")), repoEvent("axb/c"), false),
                arguments("branch * / check_run with head_branch (no branch for check_run)",
                        route(f("branch", "*")), event("check_run", "{\"check_run\":{\"head_branch\":\"main\"}}"), false),
                arguments("branch main exclude / issues (no branch → false)",
                        route(exclude("branch", "main")), event("issues", "{}"), false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"originalTestCases", "derivedCases"})
    void routeMatchesAsSpecified(String description, Route route, WebhookEvent event, boolean expected) {
        assertThat(fires(route, event)).as(description).isEqualTo(expected);
    }
}
