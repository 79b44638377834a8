package dev.webhooker.routing;

import static dev.webhooker.routing.RoutingExamples.asFallback;
import static dev.webhooker.routing.RoutingExamples.channels;
import static dev.webhooker.routing.RoutingExamples.disabled;
import static dev.webhooker.routing.RoutingExamples.event;
import static dev.webhooker.routing.RoutingExamples.f;
import static dev.webhooker.routing.RoutingExamples.gatedGroup;
import static dev.webhooker.routing.RoutingExamples.group;
import static dev.webhooker.routing.RoutingExamples.snapshot;
import static dev.webhooker.routing.RoutingExamples.toChannel;
import static dev.webhooker.routing.RoutingExamples.withStop;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.webhooker.platform.discord.DiscordTarget;

/**
 * Which routes fire: tenant narrowing, gates, saved order, fallback and stop, and
 * isolation of malformed routes. Routes send to distinct channels so the result reads as a channel list.
 */
class RouteSelectorTest {

    private static final String PUSH = "{\"ref\":\"refs/heads/main\"}";
    private static final String ISSUES_OPENED = "{\"action\":\"opened\"}";

    private final RouteSelector selector = new RouteSelector();

    record Case(String description, ConfigSnapshot snapshot, WebhookEvent event, List<String> expectedChannels) {
        @Override
        public String toString() {
            return description;
        }
    }

    static Stream<Arguments> selectionCases() {
        Group gh = gatedGroup("gh", null, List.of(), List.of("github"));
        Group gitea = gatedGroup("gitea", null, List.of(), List.of("gitea"));
        Group inst1 = gatedGroup("inst-1", 101L, List.of(), List.of());
        Group inst2 = gatedGroup("inst-2", 202L, List.of(), List.of());
        Group teamA = group("team-a");
        Group other = group("other");

        ConfigSnapshot regularAndFallback = snapshot(1, List.of(),
                toChannel("push-route", null, "111", f("event", "push")),
                asFallback(toChannel("catch-all", null, "222")));
        ConfigSnapshot providerGroups = snapshot(1, List.of(gh, gitea),
                toChannel("gh-push", "gh", "111", f("event", "push")),
                toChannel("gitea-push", "gitea", "222", f("event", "push")));
        ConfigSnapshot installationGroups = snapshot(1, List.of(inst1, inst2),
                toChannel("inst-1-all", "inst-1", "111"),
                toChannel("inst-2-all", "inst-2", "222"));
        ConfigSnapshot tenants = snapshot(1, List.of(teamA, other),
                toChannel("team-a-push", "team-a", "111", f("event", "push")),
                toChannel("other-push", "other", "222", f("event", "push")));

        return Stream.of(
                arguments(new Case("28 regular push route fires, fallback does not", regularAndFallback,
                        event("push", PUSH), List.of("111"))),
                arguments(new Case("28 nothing regular matches issues → only the fallback", regularAndFallback,
                        event("issues", ISSUES_OPENED), List.of("222"))),
                arguments(new Case("29 gitea push → only the gitea group's route", providerGroups,
                        event("gitea", "push", PUSH, null, null), List.of("222"))),
                arguments(new Case("29 github push → only the github group's route", providerGroups,
                        event("github", "push", PUSH, null, null), List.of("111"))),
                arguments(new Case("30 global endpoint, installation 101 → only inst-1", installationGroups,
                        event("github", "push", PUSH, 101L, null), List.of("111"))),
                arguments(new Case("30 no installation → neither bound group", installationGroups,
                        event("github", "push", PUSH, null, null), List.of())),
                arguments(new Case("31 per-group team-a → only team-a's route", tenants,
                        event("github", "push", PUSH, null, "team-a"), List.of("111"))),
                arguments(new Case("31 global endpoint → both tenants' routes", tenants,
                        event("github", "push", PUSH, null, null), List.of("111", "222"))),
                arguments(new Case("per-group endpoint of an unknown group → nothing", tenants,
                        event("github", "push", PUSH, null, "nobody"), List.of())),
                arguments(new Case("per-group endpoint still gated: bound group rejects an event without installation",
                        installationGroups, event("github", "push", PUSH, null, "inst-1"), List.of())),
                arguments(new Case("routes before a matching stop fire, routes after it don't",
                        snapshot(1, List.of(),
                                toChannel("first", null, "1", f("event", "push")),
                                withStop(toChannel("stopper", null, "2", f("event", "push"))),
                                toChannel("after", null, "3")),
                        event("push", PUSH), List.of("1", "2"))),
                arguments(new Case("a stop route that does not match does not stop",
                        snapshot(1, List.of(),
                                withStop(toChannel("stopper", null, "1", f("event", "issues"))),
                                toChannel("after", null, "2")),
                        event("push", PUSH), List.of("2"))),
                arguments(new Case("fallback suppressed by a regular route placed after a stop route",
                        snapshot(1, List.of(),
                                withStop(toChannel("stopper", null, "1", f("event", "issues"))),
                                asFallback(toChannel("fallback", null, "2")),
                                toChannel("late", null, "3", f("event", "push"))),
                        event("push", PUSH), List.of("3"))),
                arguments(new Case("stop on a fallback is ignored",
                        snapshot(1, List.of(),
                                withStop(asFallback(toChannel("fb-1", null, "1"))),
                                asFallback(toChannel("fb-2", null, "2"))),
                        event("push", PUSH), List.of("1", "2"))),
                arguments(new Case("a fallback's own filters are evaluated",
                        snapshot(1, List.of(),
                                asFallback(toChannel("fb-issues", null, "1", f("event", "issues"))),
                                asFallback(toChannel("fb-all", null, "2"))),
                        event("push", PUSH), List.of("2"))),
                arguments(new Case("a disabled fallback never fires",
                        snapshot(1, List.of(), disabled(asFallback(toChannel("fb", null, "1")))),
                        event("push", PUSH), List.of())),
                arguments(new Case("a disabled regular route does not suppress the fallback",
                        snapshot(1, List.of(),
                                disabled(toChannel("off", null, "1")),
                                asFallback(toChannel("fb", null, "2"))),
                        event("push", PUSH), List.of("2"))),
                arguments(new Case("a gated-out regular route does not suppress the fallback",
                        snapshot(1, List.of(inst1, group("open")),
                                toChannel("bound", "inst-1", "1"),
                                asFallback(toChannel("fb", "open", "2"))),
                        event("github", "push", PUSH, 202L, null), List.of("2"))),
                arguments(new Case("gates apply to fallbacks too",
                        snapshot(1, List.of(inst1), asFallback(toChannel("fb", "inst-1", "1"))),
                        event("github", "push", PUSH, 202L, null), List.of())),
                arguments(new Case("P8 a route of a group that does not exist does not fire",
                        snapshot(1, List.of(group("real")),
                                toChannel("orphan", "deleted-group", "1"),
                                toChannel("kept", "real", "2")),
                        event("push", PUSH), List.of("2"))),
                arguments(new Case("P8 an orphan fallback does not fire either",
                        snapshot(1, List.of(), asFallback(toChannel("orphan-fb", "ghost", "1"))),
                        event("push", PUSH), List.of())),
                arguments(new Case("a route without a group has no gates",
                        snapshot(1, List.of(), toChannel("loose", null, "1")),
                        event("custom", "custom", "{}", null, null), List.of("1"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("selectionCases")
    void selectsAsSpecified(Case c) {
        assertThat(channels(selector.select(c.snapshot(), c.event()))).isEqualTo(c.expectedChannels());
    }

    /** P7: {@code stop} follows the saved order, not the ids (here "a-…" sorts before "z-…"). */
    static Stream<Arguments> savedOrders() {
        Route zStop = withStop(toChannel("z-stop", null, "1", f("event", "push")));
        Route aAfter = toChannel("a-after", null, "2", f("event", "push"));
        return Stream.of(
                arguments("z-stop saved first stops a-after", snapshot(1, List.of(), zStop, aAfter), List.of("1")),
                arguments("a-after saved first fires before z-stop", snapshot(1, List.of(), aAfter, zStop), List.of("2", "1")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("savedOrders")
    void evaluationFollowsSavedOrder(String description, ConfigSnapshot snapshot, List<String> expected) {
        assertThat(channels(selector.select(snapshot, event("push", PUSH)))).isEqualTo(expected);
    }

    /** P2: narrowing to one tenant must not change what the next, global, request sees. */
    @Test
    void perGroupRequestDoesNotHideOtherTenantsFromTheNextGlobalRequest() {
        ConfigSnapshot snapshot = snapshot(7, List.of(group("team-a"), group("other")),
                toChannel("team-a-push", "team-a", "111", f("event", "push")),
                toChannel("other-push", "other", "222", f("event", "push")));
        List<Route> before = List.copyOf(snapshot.routes());

        List<Route> tenantOnly = selector.select(snapshot, event("github", "push", PUSH, null, "team-a"));
        List<Route> global = selector.select(snapshot, event("github", "push", PUSH, null, null));
        List<Route> otherTenant = selector.select(snapshot, event("github", "push", PUSH, null, "other"));

        assertThat(channels(tenantOnly)).containsExactly("111");
        assertThat(channels(global)).containsExactly("111", "222");
        assertThat(channels(otherTenant)).containsExactly("222");
        assertThat(snapshot.routes()).isEqualTo(before);
    }

    /** P5: one malformed route is non-matching; the others are still evaluated and the selector never throws. */
    static Stream<Arguments> malformedRoutes() {
        return Stream.of(
                arguments("not without a child", tree(new FilterNode.Not(null))),
                arguments("leaf without a filter", tree(new FilterNode.Leaf(null))),
                arguments("nested broken node", tree(new FilterNode.All(List.of(new FilterNode.Any(List.of(new FilterNode.Not(null))))))),
                arguments("leaf of unknown type", tree(new FilterNode.Leaf(f("colour", "red")))),
                arguments("excluding leaf of unknown type", tree(new FilterNode.Leaf(new Filter("colour", List.of("red"), true)))),
                arguments("filter of unknown type", toChannel("broken", null, "9", f("event", "push"), f("colour", "red"))),
                arguments("filter without a type", toChannel("broken", null, "9", new Filter(null, List.of("push"), false))));
    }

    private static Route tree(FilterNode ast) {
        return new Route("broken", null, "broken", true, List.of(), ast, List.of(new DiscordTarget("9", null)), false, false, List.of());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedRoutes")
    void malformedRouteDoesNotMatchAndDoesNotStopOthers(String description, Route broken) {
        ConfigSnapshot snapshot = snapshot(1, List.of(), broken, toChannel("healthy", null, "1", f("event", "push")));

        assertThatCode(() -> selector.select(snapshot, event("push", PUSH))).doesNotThrowAnyException();
        assertThat(channels(selector.select(snapshot, event("push", PUSH)))).containsExactly("1");
    }

    @Test
    void duplicateGroupIdsAndAMissingPayloadDoNotThrow() {
        ConfigSnapshot snapshot = snapshot(1, List.of(group("g"), gatedGroup("g", 5L, List.of(), List.of())),
                toChannel("r", "g", "1", f("actor", "x")), toChannel("s", "g", "2"));
        WebhookEvent noPayload = new WebhookEvent("github", "push", null, null, null);

        assertThat(channels(selector.select(snapshot, noPayload))).containsExactly("2");
    }

    @Test
    void resultIsANewImmutableList() {
        ConfigSnapshot snapshot = snapshot(1, List.of(), toChannel("r", null, "1"));
        List<Route> fired = selector.select(snapshot, event("push", PUSH));

        assertThat(fired).isNotSameAs(snapshot.routes()).containsExactly(snapshot.routes().get(0));
        assertThatCode(() -> fired.add(snapshot.routes().get(0))).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void skippedNamesEveryRouteThatDoesNotFireWithItsReason() {
        ConfigSnapshot snapshot = snapshot(1, List.of(group("g"), gatedGroup("bound", 9L, List.of(), List.of())),
                toChannel("issues", "g", "1", f("event", "issues")),
                withStop(toChannel("pushes", "g", "2", f("event", "push"))),
                toChannel("after-stop", "g", "3", f("event", "push")),
                toChannel("off", "g", "4", f("event", "push")),
                asFallback(toChannel("rest", "g", "5")),
                toChannel("other-installation", "bound", "6", f("event", "push")));
        WebhookEvent push = event("github", "push", PUSH, null, null);

        List<RouteSelector.Skipped> skipped = selector.skipped(snapshot, push);

        assertThat(channels(selector.select(snapshot, push))).containsExactly("2");
        assertThat(skipped).extracting(s -> s.route().id() + ": " + s.reason()).containsExactly(
                "issues: " + skipped.get(0).reason(),
                "after-stop: an earlier route with stop: true fires",
                "off: an earlier route with stop: true fires",
                "rest: a fallback, and another route fires",
                "other-installation: " + skipped.get(4).reason());
        assertThat(skipped.get(0).reason()).contains("issues");
        assertThat(skipped.get(4).reason()).contains("installation gate");

        ConfigSnapshot withDisabled = snapshot(2, List.of(group("g")), disabled(toChannel("off", "g", "4", f("event", "push"))));
        assertThat(selector.skipped(withDisabled, push)).extracting(RouteSelector.Skipped::reason).containsExactly("disabled");
    }
}
