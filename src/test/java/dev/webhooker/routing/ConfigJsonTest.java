package dev.webhooker.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.platform.telegram.TelegramTarget;

class ConfigJsonTest {

    private final ConfigJson input = ConfigJson.forInput();
    private final ConfigJson storage = ConfigJson.forStorage();
    private final ObjectMapper mapper = new ObjectMapper();

    private JsonNode json(String text) throws Exception {
        return mapper.readTree(text.replace('\'', '"'));
    }

    @Test
    void fullGroupSurvivesWriteAndRead() {
        Group group = new Group("team-a", "Team A",
                List.of(new Group.Member("alice", "owner"), new Group.Member("bob", "viewer")),
                List.of("alice"), List.of("myorg"), List.of("github", "gitea"), 42L, false,
                List.of(new Group.ForgeSource("git.example.com", "gitea", "Example"), new Group.ForgeSource("github.com", "github", null)),
                "zh", new TelegramTarget("-100", "7"), true);

        assertThat(storage.readGroup(storage.toText(storage.write(group)))).isEqualTo(group);
        assertThat(input.readGroup(storage.write(group))).isEqualTo(group);
    }

    @Test
    void pinnedMembersAndAClosedGroupSurviveWriteAndRead() throws Exception {
        Group group = new Group("u-7", "@seven", List.of(new Group.Member("seven", "owner", "7")), List.of("seven"), List.of(), List.of(),
                null, true, List.of(), null, null, false, false);

        assertThat(storage.readGroup(storage.toText(storage.write(group)))).isEqualTo(group);
        assertThat(input.readGroup(json("{'id':'g','name':'G','members':[{'login':'a','role':'owner','userId':42}]}")).members())
                .containsExactly(new Group.Member("a", "owner", "42"));
        assertThat(input.readGroup(json("{'id':'g','name':'G'}")).globalWebhook()).as("open unless said otherwise").isTrue();
        org.assertj.core.api.Assertions.assertThatThrownBy(() ->
                        input.readGroup(json("{'id':'g','name':'G','members':[{'login':'a','role':'owner','userId':'abc'}]}")))
                .hasMessageContaining("members[0].userId").hasMessageContaining("not a numeric GitHub user id");
    }

    @Test
    void routeWithTreeSurvivesWriteAndRead() {
        FilterNode tree = new FilterNode.All(List.of(
                new FilterNode.Leaf(new Filter("event", List.of("push"), false)),
                new FilterNode.Any(List.of(
                        new FilterNode.Leaf(new Filter("repo", List.of("a/*", "/b/"), false)),
                        new FilterNode.Not(new FilterNode.Leaf(new Filter("actor", List.of("bot"), true)))))));
        Route route = new Route("ci", "team-a", "CI", true, List.of(new Filter("branch", List.of("main"), true)), tree,
                List.of(new DiscordTarget("1", "2"), new TelegramTarget("-100", null)), true, false, List.of("99"));

        JsonNode written = input.write(route);

        assertThat(input.readRoute(written)).isEqualTo(route);
        assertThat(written.get("ast").toString())
                .isEqualTo("{\"all\":[{\"type\":\"event\",\"match\":[\"push\"]},{\"any\":[{\"type\":\"repo\",\"match\":[\"a/*\",\"/b/\"]},"
                        + "{\"not\":{\"type\":\"actor\",\"match\":[\"bot\"],\"exclude\":true}}]}]}");
    }

    @Test
    void wireConversionsApply() throws Exception {
        Route route = input.readRoute(json("{'id':'r','groupId':'g','name':'R','enabled':true,"
                + "'filters':[{'type':'event','match':'push'}],"
                + "'target':{'channelId':'123','chatId':'dropped','topicId':'dropped'}}"));

        assertThat(route.filters()).containsExactly(new Filter("event", List.of("push"), false));
        assertThat(route.targets()).containsExactly(new DiscordTarget("123", null));
        assertThat(route.stop()).isFalse();
        assertThat(route.fallback()).isFalse();
        assertThat(route.ast()).isNull();
    }

    @Test
    void groupDefaultsAndLegacyAdminIds() throws Exception {
        Group group = input.readGroup(json("{'id':'g','name':'G','adminIds':['alice','bob'],'installationId':null}"));

        assertThat(group.members()).containsExactly(new Group.Member("alice", "owner"), new Group.Member("bob", "owner"));
        assertThat(group.adminIds()).containsExactly("alice", "bob");
        assertThat(group.emoji()).isTrue();
        assertThat(group.requireReplayProtection()).isFalse();
        assertThat(group.installationId()).isNull();
        assertThat(group.logTarget()).isNull();
    }

    @Test
    void adminIdsAreRecomputedFromOwners() throws Exception {
        Group group = input.readGroup(json("{'id':'g','name':'G','members':[{'login':'a','role':'owner'},{'login':'b','role':'admin'}],"
                + "'adminIds':['stale']}"));

        assertThat(group.adminIds()).containsExactly("a");
        assertThat(input.write(group).get("adminIds").toString()).isEqualTo("[\"a\"]");
    }

    @Test
    void telegramTargetKeepsOnlyItsFields() throws Exception {
        Target target = input.readGroup(json("{'id':'g','name':'G','members':[],"
                + "'logTarget':{'platform':'telegram','chatId':-1001234,'topicId':'','channelId':'x','threadId':'y'}}")).logTarget();

        assertThat(target).isEqualTo(new TelegramTarget("-1001234", null));
        assertThat(input.write(target).toString()).isEqualTo("{\"platform\":\"telegram\",\"chatId\":\"-1001234\"}");
    }

    @Test
    void shapeErrorsNameEntryAndField() throws Exception {
        assertThatThrownBy(() -> input.readRoutes(json("[{'id':'ok','groupId':'g','name':'n','enabled':true},"
                + "{'id':'r2','groupId':'g','name':'n','enabled':'yes'}]")))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessage("routes[1] (id \"r2\", group \"g\"): enabled: must be true or false");

        assertThatThrownBy(() -> input.readRoute(json("{'id':'r','groupId':'g','name':'n','enabled':true,"
                + "'filters':[{'type':'event','match':{'x':1}}]}")))
                .hasMessage("route (id \"r\", group \"g\"): filters[0].match: must be a string or a list of strings");

        assertThatThrownBy(() -> input.readRoute(json("{'id':'r','groupId':'g','name':'n','enabled':true,"
                + "'ast':{'all':'x'}}")))
                .hasMessage("route (id \"r\", group \"g\"): ast.all: must be a list of filter nodes");

        assertThatThrownBy(() -> input.readRoute(json("{'id':'r','groupId':'g','name':'n','enabled':true,"
                + "'targets':[{'platform':'matrix'}]}")))
                .hasMessage("route (id \"r\", group \"g\"): targets[0].platform: unknown platform \"matrix\" (expected discord, telegram,"
                        + " webhook, slack, teams or camel)");

        assertThatThrownBy(() -> input.readGroup(json("{'id':'g','name':'G','members':[],'installationId':'12'}")))
                .hasMessage("group (id \"g\"): installationId: must be a whole number or null");
    }

    @Test
    void inputRejectsUnknownFieldsAndMissingEnabledButStorageToleratesUnknownFields() throws Exception {
        JsonNode typo = json("{'id':'r','groupId':'g','name':'n','enabled':true,'fallbak':true}");
        assertThatThrownBy(() -> input.readRoute(typo)).hasMessageStartingWith("route (id \"r\", group \"g\"): fallbak: unknown field");
        assertThat(storage.readRoute(typo).fallback()).isFalse();

        JsonNode noEnabled = json("{'id':'r','groupId':'g','name':'n'}");
        assertThatThrownBy(() -> input.readRoute(noEnabled)).hasMessage("route (id \"r\", group \"g\"): enabled: required: true or false");

        // a minimal group is id and name: no members yet
        JsonNode noMembers = json("{'id':'g','name':'G'}");
        assertThat(input.readGroup(noMembers).members()).isEmpty();
        assertThat(storage.readGroup(noMembers).members()).isEmpty();
    }

    @Test
    void allEntriesAreReadBeforeFailing() throws Exception {
        assertThatThrownBy(() -> input.readGroups(json("[{'id':'a','name':1,'members':[]},{'id':'b','name':'B','members':[]},"
                + "{'id':'c','name':'C','members':'x'}]")))
                .isInstanceOfSatisfying(InvalidConfigException.class, e -> assertThat(e.errors()).extracting(ConfigError::toString)
                        .containsExactly("groups[0] (id \"a\"): name: must be a string", "groups[2] (id \"c\"): members: must be a list"));
    }
}
