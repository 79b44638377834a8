package dev.webhooker.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import dev.webhooker.platform.slack.SlackTarget;
import dev.webhooker.platform.teams.TeamsTarget;

/** The {@code slack} and {@code teams} targets in the wire format: both Slack shapes, Teams, and their value rules. */
class SlackTeamsTargetConfigTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final ConfigJson input = ConfigJson.forInput().sealedWith(WebhookTargetConfigTest.SEAL);
    private final ConfigJson storage = ConfigJson.forStorage().sealedWith(WebhookTargetConfigTest.SEAL);
    private final ConfigValidator validator = new ConfigValidator();

    private static ObjectNode route(String target) {
        try {
            return (ObjectNode) MAPPER.readTree(("{'id':'chat','groupId':'g','name':'Chat','enabled':true,"
                    + "'filters':[{'type':'event','match':'push'}],'targets':[" + target + "]}").replace('\'', '"'));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private List<String> problems(String target) {
        return validator.validateRoute("route", input.readRoute(route(target))).stream()
                .map(e -> e.field() + ": " + e.message()).toList();
    }

    @Test
    void eachShapeIsReadValidatedAndWrittenBackAsItCame() {
        String bot = "{'platform':'slack','channelId':'C0123ABCD','threadId':'1700000000.000100'}";
        String hook = "{'platform':'slack','url':'https://hooks.slack.com/services/T1/B1/xyz'}";
        String teams = "{'platform':'teams','url':'https://prod-01.westus.logic.azure.com/workflows/1/triggers/manual/paths/invoke?sig=x'}";
        List<Target> targets = input.readRoute(route(bot + "," + hook + "," + teams)).targets();

        assertThat(targets).containsExactly(SlackTarget.channel("C0123ABCD", "1700000000.000100"),
                SlackTarget.posting("https://hooks.slack.com/services/T1/B1/xyz"),
                TeamsTarget.posting("https://prod-01.westus.logic.azure.com/workflows/1/triggers/manual/paths/invoke?sig=x"));
        assertThat(problems(bot + "," + hook + "," + teams)).isEmpty();
        // the URLs are the credentials to post into the channel: stored and shown sealed, taken back sealed
        String written = storage.writeTargets(targets).toString().replace('"', '\'');
        String sealedHook = WebhookTargetConfigTest.SEAL.seal("https://hooks.slack.com/services/T1/B1/xyz");
        assertThat(written).startsWith("[" + bot + ",{'platform':'slack','url':'" + sealedHook + "'},{'platform':'teams','url':'")
                .doesNotContain("xyz").doesNotContain("sig=x");
        assertThat(storage.readTargets(storage.toText(storage.writeTargets(targets)))).isEqualTo(targets);
        assertThat(input.readRoute(route(written.substring(1, written.length() - 1))).targets()).isEqualTo(targets);
        assertThatThrownBy(() -> ConfigJson.forStorage().writeTargets(targets)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("only be written sealed");
        assertThat(targets.get(0).editsInPlace()).as("the bot edits CI runs in place").isTrue();
        assertThat(targets.get(1).editsInPlace()).as("an incoming webhook cannot").isFalse();
        assertThat(targets.get(2).editsInPlace()).isFalse();
        assertThat(targets.get(0).endpoint()).isFalse();
        assertThat(targets.get(1).endpoint()).as("a URL of its own: disabled when it keeps failing").isTrue();
        assertThat(targets.get(0).id()).isEqualTo("C0123ABCD/1700000000.000100");
        assertThat(targets.get(1).id()).matches("hooks\\.slack\\.com#[0-9a-f]{8}").doesNotContain("xyz");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "{'platform':'slack'} | targets[0].channelId: required for a slack target",
            "{'platform':'slack','channelId':'#general'} | targets[0].channelId: a Slack channel id such as C0123ABCD",
            "{'platform':'slack','channelId':'C0123ABCD','threadId':'yesterday'} | targets[0].threadId: a Slack message ts",
            "{'platform':'slack','url':'http://hooks.slack.com/services/T/B/x'} | targets[0].url: must be an https:// URL",
            "{'platform':'teams'} | targets[0].url: required for a teams target",
            "{'platform':'teams','url':'https://user:pw@example.com/x'} | targets[0].url: ",
    })
    void aBadValueIsNamedByItsField(String target, String expected) {
        assertThat(problems(target)).anySatisfy(p -> assertThat(p).startsWith(expected.strip()));
    }

    @Test
    void aFieldOfAnotherShapeIsRefusedByName() {
        assertThatThrownBy(() -> input.readRoute(route("{'platform':'slack','url':'https://hooks.slack.com/x','channelId':'C1'}")))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("targets[0].url: give url (an incoming webhook)"
                        + " or channelId (the bot), not both");
        assertThatThrownBy(() -> input.readRoute(route("{'platform':'teams','url':'https://x.example.com','channelId':'C1'}")))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("targets[0].channelId");
        assertThatThrownBy(() -> input.readRoute(route("{'platform':'slack','channelId':'C0123ABCD','secret':'x'}")))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("targets[0].secret");
        assertThatThrownBy(() -> input.readRoute(route("{'platform':'matrix'}")))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("expected discord, telegram, webhook, slack, teams or camel");
    }
}
