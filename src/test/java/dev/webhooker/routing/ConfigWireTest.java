package dev.webhooker.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The Jackson binding of groups and routes: strictness, the wire format's few coercions and the path of a refusal. */
class ConfigWireTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final ConfigJson input = ConfigJson.forInput();
    private final ConfigJson storage = ConfigJson.forStorage();

    private static JsonNode json(String text) throws Exception {
        return MAPPER.readTree(text.replace('\'', '"'));
    }

    @Test
    void anUnknownNestedFieldIsRefusedInStrictModeNamingItsPathAndIgnoredInStorageMode() throws Exception {
        JsonNode group = json("{'id':'g','name':'G','members':[{'login':'a','role':'owner','rol':'x'}]}");
        assertThatThrownBy(() -> input.readGroup(group))
                .hasMessage("group (id \"g\"): members[0].rol: unknown field (expected one of login, role, userId)");
        assertThat(storage.readGroup(group).members()).containsExactly(new Group.Member("a", "owner"));

        JsonNode route = json("{'id':'r','groupId':'g','name':'n','enabled':true,'ast':{'any':[{'type':'event','match':'x','exclud':true}]}}");
        assertThatThrownBy(() -> input.readRoute(route))
                .hasMessage("route (id \"r\", group \"g\"): ast.any[0].exclud: unknown field (expected one of exclude, match, type)");
        assertThat(storage.readRoute(route).ast()).isEqualTo(new FilterNode.Any(List.of(new FilterNode.Leaf(new Filter("event", List.of("x"), false)))));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{'id':'g','name':'G','emoji':'true'}                          | emoji: must be true or false",
            "{'id':'g','name':'G','emoji':1}                               | emoji: must be true or false",
            "{'id':'g','name':'G','installationId':1.5}                    | installationId: must be a whole number or null",
            "{'id':'g','name':'G','installationId':100000000000000000000000} | installationId: must be a whole number or null",
            "{'id':'g','name':7}                                           | name: must be a string",
            "{'id':'g','name':'G','owners':['a',3]}                        | owners[1]: must be a string",
            "{'id':'g','name':'G','owners':[null]}                         | owners[0]: must be a string",
            "{'id':'g','name':'G','members':''}                            | members: must be a list",
            "{'id':'g','name':'G','members':[null]}                        | members[0]: must be an object",
            "{'id':'g','name':'G','members':['alice']}                     | members[0]: must be an object",
            "{'id':'g','name':'G','forgeSources':[{'host':true}]}          | forgeSources[0].host: must be a string",
            "{'id':'g','name':'G','members':[{'login':'a','role':'owner','userId':-3}]} | members[0].userId: not a numeric GitHub user id: -3",
    })
    void aWrongTypeInAGroupIsNamedNeverCoerced(String group, String expected) throws Exception {
        assertThatThrownBy(() -> input.readGroup(json(group))).isInstanceOf(InvalidConfigException.class)
                .hasMessage("group (id \"g\"): " + expected);
        assertThatThrownBy(() -> storage.readGroup(json(group))).as("storage is as strict about types").hasMessage("group (id \"g\"): " + expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "'filters':[{'type':'event','match':true}]      | filters[0].match: must be a string",
            "'filters':[{'type':'event','match':['a',null]}] | filters[0].match[1]: must be a string",
            "'filters':[{'type':'event','match':[1,2.5]}]   | filters[0].match[1]: must be a string",
            "'filters':[{'type':'event','match':'x','exclude':'no'}] | filters[0].exclude: must be true or false",
            "'filters':[3]                                  | filters[0]: must be an object",
            "'targets':[null]                               | targets[0]: must be an object",
            "'discordRoleIds':[true]                        | discordRoleIds[0]: must be a string",
            "'stop':'false'                                 | stop: must be true or false",
    })
    void aWrongTypeInARouteIsNamedNeverCoerced(String fields, String expected) throws Exception {
        assertThatThrownBy(() -> input.readRoute(json("{'id':'r','groupId':'g','name':'n','enabled':true," + fields + "}")))
                .hasMessage("route (id \"r\", group \"g\"): " + expected);
    }

    @Test
    void idsAndPatternsWrittenAsWholeNumbersAreTheirDigits() throws Exception {
        Route route = input.readRoute(json("{'id':'r','groupId':'g','name':'n','enabled':true,"
                + "'filters':[{'type':'actor','match':12345678901234567890123},{'type':'repo','match':[7,'a/*']}],"
                + "'discordRoleIds':[300000000000000003,'300000000000000004']}"));
        assertThat(route.filters()).extracting(Filter::match).containsExactly(List.of("12345678901234567890123"), List.of("7", "a/*"));
        assertThat(route.discordRoleIds()).containsExactly("300000000000000003", "300000000000000004");
        assertThat(input.readGroup(json("{'id':'g','name':'G','members':[{'login':'a','role':'owner','userId':'42'}]}")).members())
                .containsExactly(new Group.Member("a", "owner", "42"));
    }

    @Test
    void nullIsAbsentAndStringsKeepTheirBlanksForTheValidator() throws Exception {
        Group group = input.readGroup(json("{'id':'g','name':' G ','emoji':null,'members':null,'adminIds':['a'],'lang':null,"
                + "'forgeSources':[{'host':'h.org','type':'gitea','name':'  '}]}"));
        assertThat(group.name()).isEqualTo(" G ");
        assertThat(group.emoji()).isTrue();
        assertThat(group.members()).as("legacy adminIds when members is null").containsExactly(new Group.Member("a", "owner"));
        assertThat(group.forgeSources()).containsExactly(new Group.ForgeSource("h.org", "gitea", null));
    }

    @Test
    void aMissingEntryObjectIsRefusedAtItsIndex() throws Exception {
        assertThatThrownBy(() -> input.readRoutes(json("[{'id':'r','groupId':'g','name':'n','enabled':true},'r2']")))
                .isInstanceOfSatisfying(InvalidConfigException.class, e -> assertThat(e.errors())
                        .containsExactly(ConfigError.of("routes[1]", "", "must be an object")));
    }

    @Test
    void discordAndTelegramTargetsAreBoundToTheirPlatformsRecords() throws Exception {
        Route route = input.readRoute(json("{'id':'r','groupId':'g','name':'n','enabled':true,'targets':["
                + "{'channelId':100000000000000001,'threadId':' ','chatId':{'dropped':true}},"
                + "{'platform':'telegram','chatId':-1001234,'topicId':7}]}"));
        assertThat(route.targets()).containsExactly(new dev.webhooker.platform.discord.DiscordTarget("100000000000000001", null),
                new dev.webhooker.platform.telegram.TelegramTarget("-1001234", "7"));

        assertThatThrownBy(() -> input.readRoute(json("{'id':'r','groupId':'g','name':'n','enabled':true,'targets':[{'channelId':true}]}")))
                .hasMessage("route (id \"r\", group \"g\"): targets[0].channelId: must be a string");
        assertThatThrownBy(() -> storage.readGroup(json("{'id':'g','name':'G','logTarget':{'platform':'telegram','topicId':1.5}}")))
                .hasMessage("group (id \"g\"): logTarget.topicId: must be a string");
        assertThatThrownBy(() -> input.readRoute(json("{'id':'r','groupId':'g','name':'n','enabled':true,'target':{'platform':'telegram','chat':'1'}}")))
                .hasMessage("route (id \"r\", group \"g\"): target.chat: unknown field (expected one of channelId, chatId, platform, threadId, threads, topicId)");
        assertThat(storage.readRoute(json("{'id':'r','groupId':'g','name':'n','target':{'platform':'telegram','chatId':'1','chat':'x'}}")).targets())
                .containsExactly(new dev.webhooker.platform.telegram.TelegramTarget("1", null));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{'platform':'webhook','url':'https://x.org/h','timeoutSeconds':'30'}              | targets[0].timeoutSeconds: must be a whole number of seconds",
            "{'platform':'webhook','url':'https://x.org/h','timeoutSeconds':3000000000}        | targets[0].timeoutSeconds: must be a whole number of seconds",
            "{'platform':'webhook','url':'https://x.org/h','headers':{'X':null}}               | targets[0].headers.X: must be a string",
            "{'platform':'webhook','url':'https://x.org/h','headers':['X']}                    | targets[0].headers: must be an object",
            "{'platform':'webhook','url':'https://x.org/h','secrets':'s'}                      | targets[0].secrets: must be a list",
            "{'platform':'webhook','url':'https://x.org/h','secret':'a','secrets':['b']}       | targets[0].secrets: give secret or secrets, not both",
            "{'platform':'webhook','url':7}                                                    | targets[0].url: must be a string",
            "{'platform':'slack','channelId':'C1','threadId':false}                            | targets[0].threadId: must be a string",
            "{'platform':'teams','url':['https://x.org']}                                      | targets[0].url: must be a string",
    })
    void otherPlatformsBindTheirRecordsWithTheSameWords(String target, String expected) throws Exception {
        assertThatThrownBy(() -> storage.readRoute(json("{'id':'r','groupId':'g','name':'n','targets':[" + target + "]}")))
                .hasMessage("route (id \"r\", group \"g\"): " + expected);
    }
}
