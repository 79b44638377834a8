package dev.webhooker.routing;

import static dev.webhooker.routing.RoutingExamples.all;
import static dev.webhooker.routing.RoutingExamples.any;
import static dev.webhooker.routing.RoutingExamples.disabled;
import static dev.webhooker.routing.RoutingExamples.event;
import static dev.webhooker.routing.RoutingExamples.exclude;
import static dev.webhooker.routing.RoutingExamples.f;
import static dev.webhooker.routing.RoutingExamples.gatedGroup;
import static dev.webhooker.routing.RoutingExamples.group;
import static dev.webhooker.routing.RoutingExamples.leaf;
import static dev.webhooker.routing.RoutingExamples.not;
import static dev.webhooker.routing.RoutingExamples.snapshot;
import static dev.webhooker.routing.RoutingExamples.toChannel;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The first reason no route selected an event, for the accepted-webhook log line. */
class WhyNoneTest {

    private static final String PUSH_BY_OCTOCAT = """
            {"ref":"refs/heads/main","repository":{"full_name":"octocat/hello","owner":{"login":"octocat"}},
             "sender":{"login":"octocat"}}""";

    private final RouteSelector selector = new RouteSelector();

    private String why(ConfigSnapshot config, WebhookEvent event) {
        assertThat(selector.select(config, event)).as("nothing is selected").isEmpty();
        return selector.whyNone(config, event);
    }

    @Test
    void aFilterNamesItsPatternsAndTheValue() {
        ConfigSnapshot config = snapshot(1, List.of(group("default")), toChannel("pushes", "default", "1", f("event", "push")));

        assertThat(why(config, event("issues", "{}"))).isEqualTo("route default/pushes: filter event [\"push\"] refuses \"issues\"");
    }

    @Test
    void theOwnersGateNamesTheOwnerItRefused() {
        ConfigSnapshot config = snapshot(1, List.of(gatedGroup("default", null, List.of("myorg"), List.of())),
                toChannel("pushes", "default", "1", f("event", "push")));

        assertThat(why(config, event("push", PUSH_BY_OCTOCAT)))
                .isEqualTo("route default/pushes: group \"default\": owners gate [\"myorg\"] refuses owner \"octocat\"");
    }

    @Test
    void theProvidersAndInstallationGates() {
        ConfigSnapshot providers = snapshot(1, List.of(gatedGroup("g", null, List.of(), List.of("gitea"))),
                toChannel("r", "g", "1", f("event", "push")));
        assertThat(why(providers, event("push", "{}")))
                .isEqualTo("route g/r: group \"g\": providers gate [\"gitea\"] refuses provider \"github\"");

        ConfigSnapshot installation = snapshot(1, List.of(gatedGroup("g", 42L, List.of(), List.of())),
                toChannel("r", "g", "1", f("event", "push")));
        assertThat(why(installation, event("push", "{}")))
                .isEqualTo("route g/r: group \"g\": installation gate 42 refuses an event without an installation");
    }

    @Test
    void missingValuesExcludesKeywordsAndDisabledRoutes() {
        assertThat(why(snapshot(1, List.of(group("g")), toChannel("r", "g", "1", f("branch", "main"))), event("issues", "{}")))
                .isEqualTo("route g/r: filter branch [\"main\"]: the event has no branch");
        assertThat(why(snapshot(1, List.of(group("g")), toChannel("r", "g", "1", exclude("actor", "octocat"))),
                event("push", PUSH_BY_OCTOCAT)))
                .isEqualTo("route g/r: filter actor (exclude) [\"octocat\"] refuses \"octocat\"");
        assertThat(why(snapshot(1, List.of(group("g")), toChannel("r", "g", "1", f("keyword", "secret-word"))),
                event("push", PUSH_BY_OCTOCAT)))
                .as("the payload is never quoted")
                .isEqualTo("route g/r: filter keyword [\"secret-word\"]: not found in the payload");
        assertThat(why(snapshot(1, List.of(group("g")), disabled(toChannel("r", "g", "1", f("event", "push")))), event("push", "{}")))
                .isEqualTo("route g/r: disabled");
    }

    @Test
    void treesSayWhichBranchFailed() {
        Route tree = RoutingExamples.treeRoute(all(leaf(f("event", "push")), any(leaf(f("branch", "release/*"))),
                not(leaf(f("actor", "octocat")))));
        ConfigSnapshot config = snapshot(1, List.of(), tree);

        assertThat(why(config, event("push", PUSH_BY_OCTOCAT))).startsWith("route ")
                .endsWith(": no branch of any: matches (the first: filter branch [\"release/*\"] refuses \"main\")");
    }

    @Test
    void anOrphanRouteAndAnEmptyConfiguration() {
        assertThat(why(snapshot(1, List.of(), toChannel("r", "gone", "1", f("event", "push"))), event("push", "{}")))
                .isEqualTo("route gone/r: its group \"gone\" does not exist");
        assertThat(why(snapshot(1, List.of()), event("push", "{}"))).isEqualTo("there are no routes");
        assertThat(why(snapshot(1, List.of(group("a")), toChannel("r", "a", "1", f("event", "push"))),
                event("github", "push", "{}", null, "b"))).isEqualTo("group \"b\" has no route");
    }
}
