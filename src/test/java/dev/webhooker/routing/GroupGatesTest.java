package dev.webhooker.routing;

import static dev.webhooker.routing.RoutingExamples.event;
import static dev.webhooker.routing.RoutingExamples.gatedGroup;
import static dev.webhooker.routing.RoutingExamples.group;
import static dev.webhooker.routing.RoutingExamples.object;
import static dev.webhooker.routing.RoutingExamples.route;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The three group gates and the orphan rule. */
class GroupGatesTest {

    private final GroupGates gates = new GroupGates();

    static Stream<Arguments> providerGate() {
        return Stream.of(
                arguments("32 no providers accepts github", List.of(), "github", true),
                arguments("32 no providers accepts gitea", List.of(), "gitea", true),
                arguments("32 no providers accepts an event without provider", List.of(), null, true),
                arguments("32 [gitea] accepts gitea", List.of("gitea"), "gitea", true),
                arguments("32 [gitea] rejects github", List.of("gitea"), "github", false),
                arguments("32 [gitea] rejects an event without provider (counts as github)", List.of("gitea"), null, false),
                arguments("32 [\" Gitea \"] accepts gitea (trimmed, lower-cased)", List.of(" Gitea "), "gitea", true),
                arguments("[github] accepts an event without provider", List.of("github"), null, true),
                arguments("[github] rejects custom", List.of("github"), "custom", false),
                arguments("blank entries are ignored", List.of(" "), "custom", true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providerGate")
    void providerGate(String description, List<String> providers, String eventProvider, boolean expected) {
        Group g = gatedGroup("g", null, List.of(), providers);
        assertThat(gates.providersAccept(g, eventProvider)).isEqualTo(expected);
    }

    static Stream<Arguments> installationGate() {
        return Stream.of(
                arguments("33 unbound accepts 101", null, 101L, true),
                arguments("33 unbound accepts none", null, null, true),
                arguments("33 bound 101 accepts 101", 101L, 101L, true),
                arguments("33 bound 101 rejects 202", 101L, 202L, false),
                arguments("33 bound 101 rejects none", 101L, null, false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("installationGate")
    void installationGate(String description, Long bound, Long eventInstallation, boolean expected) {
        Group g = gatedGroup("g", bound, List.of(), List.of());
        assertThat(gates.installationAccepts(g, eventInstallation)).isEqualTo(expected);
    }

    static Stream<Arguments> ownersGate() {
        return Stream.of(
                arguments("no owners accepts anything", List.of(), "{}", true),
                arguments("repository owner listed", List.of("acme"), "{\"repository\":{\"owner\":{\"login\":\"acme\"}}}", true),
                arguments("organization listed", List.of("acme"), "{\"organization\":{\"login\":\"acme\"}}", true),
                arguments("either one listed is enough", List.of("acme"),
                        "{\"repository\":{\"owner\":{\"login\":\"someone\"}},\"organization\":{\"login\":\"ACME \"}}", true),
                arguments("owners compared trimmed and lower-cased", List.of(" AcMe "), "{\"repository\":{\"owner\":{\"login\":\"acme\"}}}", true),
                arguments("other owner rejected", List.of("acme"), "{\"repository\":{\"owner\":{\"login\":\"evil\"}}}", false),
                arguments("event naming no owner rejected", List.of("acme"), "{}", false),
                arguments("only blank owners means no gate", Arrays.asList(" ", ""), "{}", true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ownersGate")
    void ownersGate(String description, List<String> owners, String payload, boolean expected) {
        Group g = gatedGroup("g", null, owners, List.of());
        assertThat(gates.ownersAccept(g, object(payload))).isEqualTo(expected);
    }

    @Test
    void allThreeGatesMustPass() {
        Group g = gatedGroup("g", 101L, List.of("acme"), List.of("github"));
        String acme = "{\"repository\":{\"owner\":{\"login\":\"acme\"}}}";

        assertThat(gates.accepts(g, event("github", "push", acme, 101L, null))).isTrue();
        assertThat(gates.accepts(g, event("github", "push", acme, 202L, null))).isFalse();
        assertThat(gates.accepts(g, event("github", "push", "{}", 101L, null))).isFalse();
        assertThat(gates.accepts(g, event("gitea", "push", acme, 101L, null))).isFalse();
    }

    @Test
    void routeOfAnUnknownGroupIsRejectedAndARouteWithoutGroupHasNoGates() {
        WebhookEvent anything = event("push", "{}");
        Map<String, Group> groups = Map.of("known", group("known"));

        assertThat(gates.acceptsRoute(route("r", "known"), groups, anything)).isTrue();
        assertThat(gates.acceptsRoute(route("r", "deleted"), groups, anything)).isFalse();
        assertThat(gates.acceptsRoute(route("r", null), groups, anything)).isTrue();
    }

    @org.junit.jupiter.api.Test
    void aClosedGroupTakesNothingFromTheSharedEndpointButItsInstallationAndItsOwnEndpoint() {
        Group closed = new Group("u-7", "@seven", List.of(), List.of(), List.of(), List.of(), null, true, List.of(), null, null, false,
                false);
        Group closedBound = closed.withInstallationId(101L);

        assertThat(gates.accepts(closed, event("github", "push", "{}", null, null))).isFalse();
        assertThat(gates.whyNot(route("r", "u-7"), Map.of("u-7", closed), event("github", "push", "{}", null, null)))
                .contains("self-signup group").contains("/webhook/u-7");
        assertThat(gates.accepts(closed, event("github", "push", "{}", null, "u-7"))).isTrue();
        assertThat(gates.accepts(closedBound, event("github", "push", "{}", 101L, null))).isTrue();
        assertThat(gates.accepts(closedBound, event("github", "push", "{}", 202L, null))).isFalse();
        assertThat(gates.accepts(group("open"), event("github", "push", "{}", null, null))).isTrue();
    }
}
