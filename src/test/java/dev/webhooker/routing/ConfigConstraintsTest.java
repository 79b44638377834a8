package dev.webhooker.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.webhooker.platform.discord.DiscordTarget;

/** The field rules as Bean Validation constraints on the records: one problem per field, the value quoted, its path. */
class ConfigConstraintsTest {

    private final ConfigValidator validator = new ConfigValidator();

    private static Group group(String id, List<Group.Member> members, List<String> owners, String lang, List<Group.ForgeSource> sources) {
        return new Group(id, "G", members, List.of(), owners, List.of("github"), null, true, sources, lang, null, false);
    }

    private static Route route(String id, List<Filter> filters, List<String> roles) {
        return new Route(id, "g", "R", true, filters, null, List.of(new DiscordTarget("100000000000000001", null)), false, false, roles);
    }

    private List<String> groupErrors(Group g) {
        return validator.validateGroup("group", g).stream().map(ConfigError::toString).toList();
    }

    private List<String> routeErrors(Route r) {
        return validator.validateRoute("route", r).stream().map(ConfigError::toString).toList();
    }

    @Test
    void aFieldGetsItsMostBasicProblemOnly() {
        assertThat(groupErrors(group("", List.of(), List.of(), null, List.of()))).containsExactly("group: id: required");
        assertThat(groupErrors(group("X".repeat(65), List.of(), List.of(), null, List.of())))
                .containsExactly("group: id: longer than 64 characters");
        assertThat(routeErrors(route("r", List.of(new Filter("", List.of(" ", "x".repeat(201), "/(/"), false)), List.of())))
                .containsExactly("route: filters[0].type: required (expected event, repo, actor, action, branch, label or keyword)",
                        "route: filters[0].match[0]: must not be blank", "route: filters[0].match[1]: longer than 200 characters",
                        "route: filters[0].match[2]: invalid regular expression \"/(/\": missing closing )");
    }

    @Test
    void aValueInAMessageIsQuotedAndNeverReadAsATemplate() {
        assertThat(groupErrors(group("{max}", List.of(), List.of(), null, List.of())))
                .containsExactly("group: id: invalid id \"{max}\" (lower-case letters, digits and '-', not starting with '-')");
        assertThat(groupErrors(group("g", List.of(new Group.Member("a", "${1+1}\n")), List.of(), "{value}", List.of())))
                .containsExactly("group: members[0].role: unknown role \"${1+1}\\n\" (expected owner, admin or viewer)",
                        "group: lang: not a language tag: \"{value}\" (for example en, zh or pt-BR)");
        assertThat(groupErrors(group("g", List.of(), List.of(), null, List.of(new Group.ForgeSource("a..b", null, null)))))
                .containsExactly("group: forgeSources[0].host: not a valid host name: \"a..b\"",
                        "group: forgeSources[0].type: unknown type null (expected github or gitea)");
    }

    @Test
    void listElementsAreNamedByIndexInOrderAndCapsCountTheList() {
        List<String> owners = new java.util.ArrayList<>();
        for (int i = 0; i < 12; i++) {
            owners.add(i % 5 == 0 ? " " : "o" + i);
        }
        assertThat(groupErrors(group("g", List.of(), owners, null, List.of())))
                .containsExactly("group: owners[0]: must not be blank", "group: owners[5]: must not be blank", "group: owners[10]: must not be blank");
        assertThat(routeErrors(route("r", List.of(new Filter("event", List.of("push"), false)), List.of("1".repeat(65), "12"))))
                .containsExactly("route: discordRoleIds[0]: longer than 64 characters", "route: discordRoleIds[1]: a Discord role id: 17 to 20 digits");
        List<Filter> many = java.util.Collections.nCopies(51, new Filter("event", List.of("push"), false));
        assertThat(routeErrors(route("r", many, List.of()))).containsExactly("route: filters: too many filters (51; at most 50)");
    }

    @Test
    void fieldsAreReportedInTheOrderOfTheEntryAndCrossFieldRulesStayInPlace() {
        Group g = new Group("Bad", " ", List.of(new Group.Member("a", "owner", "7"), new Group.Member("A", "boss", "7")),
                List.of(), List.of(), List.of("gitlab"), 0L, true, List.of(), "x", null, false);
        assertThat(groupErrors(g)).containsExactly(
                "group: id: invalid id \"Bad\" (lower-case letters, digits and '-', not starting with '-')",
                "group: name: required (not blank)",
                "group: members[1].login: duplicate login \"A\" (also members[0])",
                "group: members[1].userId: duplicate userId 7 (also members[0])",
                "group: members[1].role: unknown role \"boss\" (expected owner, admin or viewer)",
                "group: providers[0]: unknown provider \"gitlab\" (expected github or gitea)",
                "group: installationId: must be a positive whole number (or null to remove it)",
                "group: lang: not a language tag: \"x\" (for example en, zh or pt-BR)");
        Route r = new Route("r", " ", "n\u0000", true, List.of(), null, List.of(), false, false, List.of());
        assertThat(routeErrors(r)).containsExactly("route: name: must not contain the NUL character",
                "route: groupId: required: the id of the route's group",
                "route: filters: at least one filter is required (only fallback routes may have none)",
                "route: targets: at least one target is required");
    }
}
