package dev.webhooker.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Each kind of invalid entry, alone in an otherwise valid configuration, gives exactly its own error. */
class ConfigValidatorTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String ROUTE = "routes[3] (id \"ci-alerts\", group \"team-a\"): ";
    private static final String GROUP = "groups[1] (id \"team-a\"): ";

    private final ConfigJson json = ConfigJson.forInput();
    private final ConfigValidator validator = new ConfigValidator();

    private static ObjectNode node(String text) {
        try {
            return (ObjectNode) MAPPER.readTree(text.replace('\'', '"'));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static ObjectNode group(String id) {
        return node("{'id':'" + id + "','name':'Team','members':[{'login':'alice','role':'owner'}],'owners':['myorg'],"
                + "'providers':['github'],'installationId':7,'lang':'en','forgeSources':[{'host':'git.example.com','type':'gitea'}],"
                + "'logTarget':{'platform':'discord','channelId':'100000000000000001'}}");
    }

    private static ObjectNode route(String id, String groupId) {
        return node("{'id':'" + id + "','groupId':'" + groupId + "','name':'Route','enabled':true,"
                + "'filters':[{'type':'event','match':['push','/^pull_/']},{'type':'repo','match':'org/*','exclude':true}],"
                + "'targets':[{'platform':'discord','channelId':'100000000000000001'},{'platform':'telegram','chatId':'-2'}],"
                + "'discordRoleIds':['300000000000000003']}");
    }

    private List<ConfigError> validate(Consumer<ObjectNode> changeGroup, Consumer<ObjectNode> changeRoute) {
        ArrayNode groups = MAPPER.createArrayNode();
        groups.add(group("ops"));
        ObjectNode teamA = group("team-a");
        changeGroup.accept(teamA);
        groups.add(teamA);
        ArrayNode routes = MAPPER.createArrayNode();
        routes.add(route("a", "ops")).add(route("b", "ops")).add(route("ci-alerts", "ops"));
        ObjectNode ciAlerts = route("ci-alerts", "team-a");
        changeRoute.accept(ciAlerts);
        routes.add(ciAlerts);
        return validator.validate(json.readGroups(groups), json.readRoutes(routes));
    }

    @Test
    void theBaseConfigurationIsValid() {
        assertThat(validate(g -> { }, r -> { })).isEmpty();
    }

    static Stream<Arguments> invalidRoutes() {
        return Stream.of(
                Arguments.of("unknown filter type", (Consumer<ObjectNode>) r -> filter(r).put("type", "evnt"),
                        "filters[0].type: unknown type \"evnt\" (expected event, repo, actor, action, branch, label or keyword)"),
                Arguments.of("missing filter type", (Consumer<ObjectNode>) r -> filter(r).remove("type"),
                        "filters[0].type: required (expected event, repo, actor, action, branch, label or keyword)"),
                Arguments.of("no match", (Consumer<ObjectNode>) r -> filter(r).remove("match"),
                        "filters[0].match: required: a pattern or a list of patterns"),
                Arguments.of("empty match list", (Consumer<ObjectNode>) r -> filter(r).putArray("match"),
                        "filters[0].match: required: a pattern or a list of patterns"),
                Arguments.of("blank pattern", (Consumer<ObjectNode>) r -> filter(r).putArray("match").add("push").add(" "),
                        "filters[0].match[1]: must not be blank"),
                Arguments.of("pattern over 200 chars", (Consumer<ObjectNode>) r -> filter(r).put("match", "x".repeat(201)),
                        "filters[0].match: longer than 200 characters"),
                Arguments.of("invalid regex", (Consumer<ObjectNode>) r -> filter(r).put("match", "/(unclosed/"),
                        "filters[0].match: invalid regular expression \"/(unclosed/\": missing closing )"),
                Arguments.of("no filters on a regular route", (Consumer<ObjectNode>) r -> r.putArray("filters"),
                        "filters: at least one filter is required (only fallback routes may have none)"),
                Arguments.of("51 filters", (Consumer<ObjectNode>) r -> {
                            ArrayNode filters = r.putArray("filters");
                            IntStream.range(0, 51).forEach(i -> filters.add(node("{'type':'event','match':'push'}")));
                        },
                        "filters: too many filters (51; at most 50)"),
                Arguments.of("bad id", (Consumer<ObjectNode>) r -> r.put("id", "CI_Alerts"),
                        null),
                Arguments.of("blank name", (Consumer<ObjectNode>) r -> r.put("name", "  "),
                        "name: required (not blank)"),
                Arguments.of("name over 100", (Consumer<ObjectNode>) r -> r.put("name", "n".repeat(101)),
                        "name: longer than 100 characters"),
                Arguments.of("no targets", (Consumer<ObjectNode>) r -> r.remove("targets"),
                        "targets: at least one target is required"),
                Arguments.of("channel id over 64", (Consumer<ObjectNode>) r -> r.putArray("targets")
                                .add(node("{'platform':'discord','channelId':'" + "1".repeat(65) + "'}")),
                        "targets[0].channelId: longer than 64 characters"),
                Arguments.of("11 targets", (Consumer<ObjectNode>) r -> {
                            ArrayNode targets = r.putArray("targets");
                            IntStream.range(0, 11).forEach(i -> targets.add(node("{'channelId':'10000000000000000" + i + "'}")));
                        },
                        "targets: too many targets (11; at most 10)"),
                Arguments.of("discord target without channel", (Consumer<ObjectNode>) r -> target(r).remove("channelId"),
                        "targets[0].channelId: required for a discord target"),
                Arguments.of("telegram target without chat", (Consumer<ObjectNode>) r -> ((ObjectNode) r.get("targets").get(1)).put("chatId", ""),
                        "targets[1].chatId: required for a telegram target"),
                Arguments.of("blank role id", (Consumer<ObjectNode>) r -> r.putArray("discordRoleIds").add(""),
                        "discordRoleIds[0]: must not be blank"),
                Arguments.of("unknown group", (Consumer<ObjectNode>) r -> r.put("groupId", "nope"),
                        null),
                Arguments.of("ast leaf with unknown type", (Consumer<ObjectNode>) r -> r.set("ast",
                                node("{'all':[{'type':'event','match':'push'},{'not':{'type':'evnt','match':'x'}}]}")),
                        "ast.all[1].not.type: unknown type \"evnt\" (expected event, repo, actor, action, branch, label or keyword)"),
                Arguments.of("ast deeper than 8", (Consumer<ObjectNode>) r -> r.set("ast",
                                node("{'not':{'not':{'not':{'not':{'not':{'not':{'not':{'not':{'type':'event','match':'x'}}}}}}}}}")),
                        "ast.not.not.not.not.not.not.not.not: the filter tree is nested deeper than 8 levels"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidRoutes")
    void eachInvalidRouteGetsItsOwnError(String name, Consumer<ObjectNode> change, String expected) {
        List<ConfigError> errors = validate(g -> { }, change);

        assertThat(errors).hasSize(1);
        if (expected != null) {
            assertThat(errors.get(0).toString()).isEqualTo(ROUTE + expected);
        }
    }

    @Test
    void badRouteIdAndUnknownGroupAreLabelledWithTheirOwnValues() {
        assertThat(validate(g -> { }, r -> r.put("id", "CI_Alerts"))).extracting(ConfigError::toString).containsExactly(
                "routes[3] (id \"CI_Alerts\", group \"team-a\"): id: invalid id \"CI_Alerts\" (lower-case letters, digits and '-', not starting with '-')");
        assertThat(validate(g -> { }, r -> r.put("groupId", "nope"))).extracting(ConfigError::toString).containsExactly(
                "routes[3] (id \"ci-alerts\", group \"nope\"): groupId: unknown group \"nope\"");
        assertThat(validate(g -> { }, r -> r.put("id", "x".repeat(65)))).extracting(ConfigError::field).containsExactly("id");
    }

    @Test
    void fallbackMayHaveNoFiltersAndATreeReplacesThem() {
        assertThat(validate(g -> { }, r -> r.put("fallback", true).putArray("filters"))).isEmpty();
        assertThat(validate(g -> { }, r -> {
            r.set("ast", node("{'any':[]}"));
            r.putArray("filters");
        })).isEmpty();
    }

    @Test
    void routeIdsAreUniqueWithinTheirGroupOnly() {
        assertThat(validate(g -> { }, r -> r.put("groupId", "ops"))).extracting(ConfigError::toString).containsExactly(
                "routes[3] (id \"ci-alerts\", group \"ops\"): id: duplicate route id \"ci-alerts\" in group \"ops\" (also routes[2])");
    }

    static Stream<Arguments> invalidGroups() {
        return Stream.of(
                Arguments.of("blank name", (Consumer<ObjectNode>) g -> g.put("name", ""), "name: required (not blank)"),
                Arguments.of("bad role", (Consumer<ObjectNode>) g -> g.putArray("members")
                                .add(node("{'login':'alice','role':'owner'}")).add(node("{'login':'bob','role':'boss'}")),
                        "members[1].role: unknown role \"boss\" (expected owner, admin or viewer)"),
                Arguments.of("blank login", (Consumer<ObjectNode>) g -> g.putArray("members")
                                .add(node("{'login':'alice','role':'owner'}")).add(node("{'login':' ','role':'viewer'}")),
                        "members[1].login: required (not blank)"),
                Arguments.of("duplicate login", (Consumer<ObjectNode>) g -> g.putArray("members")
                                .add(node("{'login':'alice','role':'owner'}")).add(node("{'login':'ALICE','role':'viewer'}")),
                        "members[1].login: duplicate login \"ALICE\" (also members[0])"),
                Arguments.of("login over 39", (Consumer<ObjectNode>) g -> g.putArray("members")
                                .add(node("{'login':'" + "a".repeat(40) + "','role':'owner'}")),
                        "members[0].login: longer than 39 characters"),
                Arguments.of("201 members", (Consumer<ObjectNode>) g -> {
                            ArrayNode members = g.putArray("members");
                            IntStream.range(0, 201).forEach(i -> members.add(node("{'login':'m" + i + "','role':'owner'}")));
                        },
                        "members: too many members (201; at most 200)"),
                Arguments.of("owners entry over 39", (Consumer<ObjectNode>) g -> g.putArray("owners").add("o".repeat(40)),
                        "owners[0]: longer than 39 characters"),
                Arguments.of("blank owners entry", (Consumer<ObjectNode>) g -> g.putArray("owners").add(""),
                        "owners[0]: must not be blank"),
                Arguments.of("unknown provider", (Consumer<ObjectNode>) g -> g.putArray("providers").add("gitlab"),
                        "providers[0]: unknown provider \"gitlab\" (expected github or gitea)"),
                Arguments.of("installation id 0", (Consumer<ObjectNode>) g -> g.put("installationId", 0),
                        "installationId: must be a positive whole number (or null to remove it)"),
                Arguments.of("lang not a tag", (Consumer<ObjectNode>) g -> g.put("lang", "english please"),
                        "lang: not a language tag: \"english please\" (for example en, zh or pt-BR)"),
                Arguments.of("forge host", (Consumer<ObjectNode>) g -> g.putArray("forgeSources").add(node("{'host':'https://x','type':'gitea'}")),
                        "forgeSources[0].host: not a valid host name: \"https://x\""),
                Arguments.of("forge type", (Consumer<ObjectNode>) g -> g.putArray("forgeSources").add(node("{'host':'x.org','type':'gitlab'}")),
                        "forgeSources[0].type: unknown type \"gitlab\" (expected github or gitea)"),
                Arguments.of("forge name", (Consumer<ObjectNode>) g -> g.putArray("forgeSources")
                                .add(node("{'host':'x.org','type':'gitea','name':'" + "n".repeat(51) + "'}")),
                        "forgeSources[0].name: longer than 50 characters"),
                Arguments.of("forge duplicate", (Consumer<ObjectNode>) g -> g.putArray("forgeSources")
                                .add(node("{'host':'x.org','type':'gitea'}")).add(node("{'host':'X.org','type':'gitea'}")),
                        "forgeSources[1]: duplicate gitea source \"X.org\" (also forgeSources[0])"),
                Arguments.of("21 forge sources", (Consumer<ObjectNode>) g -> {
                            ArrayNode sources = g.putArray("forgeSources");
                            IntStream.range(0, 21).forEach(i -> sources.add(node("{'host':'h" + i + ".org','type':'gitea'}")));
                        },
                        "forgeSources: too many entries (21; at most 20)"),
                Arguments.of("log target", (Consumer<ObjectNode>) g -> g.set("logTarget", node("{'platform':'telegram'}")),
                        "logTarget.chatId: required for a telegram target"),
                Arguments.of("log target with threads", (Consumer<ObjectNode>) g -> g.set("logTarget",
                                node("{'platform':'discord','channelId':'100000000000000001','threads':true}")),
                        "logTarget.threads: the group log has no threads: set threads on a route's target"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidGroups")
    void eachInvalidGroupGetsItsOwnError(String name, Consumer<ObjectNode> change, String expected) {
        assertThat(validate(change, r -> { })).extracting(ConfigError::toString).containsExactly(GROUP + expected);
    }

    @Test
    void duplicateGroupId() {
        assertThat(validate(g -> g.put("id", "ops"), r -> r.put("groupId", "ops")))
                .extracting(ConfigError::toString)
                .contains("groups[1] (id \"ops\"): id: duplicate group id \"ops\" (also groups[0])");
    }

    @Test
    void limitsApplyToTheWholeConfiguration() {
        List<Group> groups = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            groups.add(json.readGroup(group("g" + i)));
        }
        List<Route> routes = new ArrayList<>();
        for (int i = 0; i < 201; i++) {
            routes.add(json.readRoute(route("r" + i, "g0")));
        }
        assertThat(validator.validate(groups, routes)).extracting(ConfigError::toString)
                .containsExactly("groups: too many groups (101; at most 100)", "routes: too many routes (201; at most 200)");
        assertThatThrownBy(() -> validator.requireValid(groups, routes))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessage("groups: too many groups (101; at most 100) (and 1 more problem)");
    }

    @Test
    void allProblemsAreCollected() {
        List<ConfigError> errors = validate(g -> g.put("name", ""), r -> {
            filter(r).put("type", "evnt");
            target(r).remove("channelId");
        });
        assertThat(errors).extracting(ConfigError::field).containsExactly("name", "filters[0].type", "targets[0].channelId");
    }

    private static ObjectNode filter(ObjectNode route) {
        return (ObjectNode) route.get("filters").get(0);
    }

    private static ObjectNode target(ObjectNode route) {
        return (ObjectNode) route.get("targets").get(0);
    }
}
