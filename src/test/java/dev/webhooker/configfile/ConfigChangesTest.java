package dev.webhooker.configfile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;

import dev.webhooker.platform.discord.DiscordTarget;

class ConfigChangesTest {

    private static Group group(String id, String name) {
        return new Group(id, name, List.of(), List.of(), List.of(), List.of(), null, true, List.of(), null, null, false);
    }

    private static Route route(String group, String id, String event) {
        return new Route(id, group, id, true, List.of(new Filter("event", List.of(event), false)), null,
                List.of(new DiscordTarget("1", null)), false, false, List.of());
    }

    @Test
    void sameContentIsNoChange() {
        ConfigChanges changes = ConfigChanges.between(List.of(group("a", "A")), List.of(route("a", "r", "push")),
                new ConfigDocument(List.of(group("a", "A")), List.of(route("a", "r", "push"))));

        assertThat(changes.isEmpty()).isTrue();
        assertThat(changes.describe()).isEqualTo("no change");
    }

    @Test
    void namesWhatWasAddedChangedAndRemovedById() {
        ConfigChanges changes = ConfigChanges.between(
                List.of(group("a", "A"), group("b", "B")),
                List.of(route("a", "r1", "push"), route("b", "r2", "push")),
                new ConfigDocument(List.of(group("a", "A renamed"), group("c", "C")),
                        List.of(route("a", "r1", "issues"), route("c", "r2", "push"))));

        assertThat(changes.describe()).isEqualTo(
                "groups: added c, changed a, removed b; routes: added c/r2, changed a/r1, removed b/r2");
    }

    @Test
    void longListsAreCut() {
        List<Route> many = java.util.stream.IntStream.range(0, 12).mapToObj(i -> route("a", "r" + i, "push")).toList();
        ConfigChanges changes = ConfigChanges.between(List.of(group("a", "A")), List.of(),
                new ConfigDocument(List.of(group("a", "A")), many));

        assertThat(changes.describe()).isEqualTo("routes: added a/r0, a/r1, a/r2, a/r3, a/r4, a/r5, a/r6, a/r7, a/r8, a/r9 and 2 more");
    }

    @Test
    void aMovedRouteIsAnOrderChange() {
        ConfigChanges changes = ConfigChanges.between(List.of(group("a", "A")),
                List.of(route("a", "r1", "push"), route("a", "r2", "push")),
                new ConfigDocument(List.of(group("a", "A")), List.of(route("a", "r2", "push"), route("a", "r1", "push"))));

        assertThat(changes.describe()).isEqualTo("routes: order changed");
    }
}
