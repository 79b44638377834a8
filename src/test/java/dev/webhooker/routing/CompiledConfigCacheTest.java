package dev.webhooker.routing;

import static dev.webhooker.routing.RoutingExamples.event;
import static dev.webhooker.routing.RoutingExamples.f;
import static dev.webhooker.routing.RoutingExamples.snapshot;
import static dev.webhooker.routing.RoutingExamples.toChannel;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Patterns are compiled once per configuration version. */
class CompiledConfigCacheTest {

    private final CompiledConfigCache cache = new CompiledConfigCache();

    private static ConfigSnapshot version(long version, String eventName) {
        return snapshot(version, List.of(), toChannel("r", null, "1", f("event", eventName)));
    }

    @Test
    void sameVersionReusesTheCompiledConfig() {
        ConfigSnapshot v1 = version(1, "push");

        CompiledConfig first = cache.forSnapshot(v1);

        assertThat(cache.forSnapshot(v1)).isSameAs(first);
        assertThat(cache.forSnapshot(version(1, "push"))).as("an equal snapshot of the same version").isSameAs(first);
    }

    @Test
    void newVersionIsCompiledAndReplacesTheOldOne() {
        CompiledConfig v1 = cache.forSnapshot(version(1, "push"));
        ConfigSnapshot v2Snapshot = version(2, "issues");

        CompiledConfig v2 = cache.forSnapshot(v2Snapshot);

        assertThat(v2).isNotSameAs(v1);
        assertThat(v2.version()).isEqualTo(2);
        assertThat(cache.forSnapshot(v2Snapshot)).isSameAs(v2);
    }

    @Test
    void aStragglerWithAnOlderVersionDoesNotEvictTheNewerOne() {
        ConfigSnapshot v1Snapshot = version(1, "push");
        ConfigSnapshot v2Snapshot = version(2, "issues");
        CompiledConfig v2 = cache.forSnapshot(v2Snapshot);

        CompiledConfig v1 = cache.forSnapshot(v1Snapshot);

        assertThat(v1.version()).isEqualTo(1);
        assertThat(cache.forSnapshot(v2Snapshot)).isSameAs(v2);
    }

    @Test
    void differentContentUnderTheSameVersionIsNotServedStale() {
        cache.forSnapshot(version(1, "push"));

        CompiledConfig other = cache.forSnapshot(version(1, "issues"));

        assertThat(other.snapshot().routes().get(0).filters().get(0).match()).containsExactly("issues");
    }

    @Test
    void selectorMatchesWithTheNewVersionsPatterns() {
        RouteSelector selector = new RouteSelector(new GroupGates(), cache);
        WebhookEvent push = event("push", "{}");

        assertThat(selector.select(version(1, "push"), push)).hasSize(1);
        assertThat(selector.select(version(2, "issues"), push)).isEmpty();
        assertThat(selector.select(version(3, "push"), push)).hasSize(1);
    }
}
