package dev.webhooker.configfile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;

import dev.webhooker.platform.discord.DiscordTarget;

class ConfigMergeTest {

    private static Group group(String id, String name) {
        return new Group(id, name, List.of(), List.of(), List.of(), List.of(), null, true, List.of(), null, null, false);
    }

    private static Route route(String id, String groupId, String name) {
        return new Route(id, groupId, name, true, List.of(new Filter("event", List.of("push"), false)), null,
                List.of(new DiscordTarget("100000000000000001", null)), false, false, List.of());
    }

    @Test
    void whatTheDocumentNamesReplacesItsNamesakeInPlaceOrComesLastAndNothingGoes() {
        List<Group> groups = List.of(group("a", "A"), group("b", "B"));
        List<Route> routes = List.of(route("r", "a", "old"), route("r", "b", "kept"), route("s", "a", "kept too"));
        ConfigDocument document = new ConfigDocument(List.of(group("c", "C"), group("a", "A2")),
                List.of(route("t", "c", "new"), route("r", "a", "new")));

        ConfigDocument merged = ConfigMerge.into(groups, routes, document);

        assertThat(merged.groups()).containsExactly(group("a", "A2"), group("b", "B"), group("c", "C"));
        assertThat(merged.routes()).containsExactly(route("r", "a", "new"), route("r", "b", "kept"), route("s", "a", "kept too"),
                route("t", "c", "new"));
    }
}
