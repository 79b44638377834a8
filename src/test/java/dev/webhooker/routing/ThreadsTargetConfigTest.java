package dev.webhooker.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.platform.slack.SlackTarget;
import dev.webhooker.platform.telegram.TelegramTarget;

/** {@code threads: true} on the chat targets: read, written back only when on, and refused where no thread can start. */
class ThreadsTargetConfigTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final ConfigJson input = ConfigJson.forInput().sealedWith(WebhookTargetConfigTest.SEAL);
    private final ConfigJson storage = ConfigJson.forStorage().sealedWith(WebhookTargetConfigTest.SEAL);
    private final ConfigValidator validator = new ConfigValidator();

    private static ObjectNode route(String target) {
        try {
            return (ObjectNode) MAPPER.readTree(("{'id':'prs','groupId':'g','name':'PRs','enabled':true,"
                    + "'filters':[{'type':'event','match':'pull_request'}],'targets':[" + target + "]}").replace('\'', '"'));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private List<String> problems(String target) {
        return validator.validateRoute("route", input.readRoute(route(target))).stream()
                .map(e -> e.field() + ": " + e.message()).toList();
    }

    @Test
    void eachChatTargetTakesThreadsAndWritesItBackOnlyWhenOn() {
        String discord = "{'platform':'discord','channelId':'300000000000000001','threads':true}";
        String telegram = "{'platform':'telegram','chatId':'-1001234567890','topicId':'7','threads':true}";
        String slack = "{'platform':'slack','channelId':'C0123ABCD','threads':true}";
        String plain = "{'platform':'discord','channelId':'300000000000000002','threads':false}";
        List<Target> targets = input.readRoute(route(String.join(",", discord, telegram, slack, plain))).targets();

        assertThat(targets).containsExactly(new DiscordTarget("300000000000000001", null, true),
                new TelegramTarget("-1001234567890", "7", true), new SlackTarget("C0123ABCD", null, null, true),
                new DiscordTarget("300000000000000002", null));
        assertThat(targets).extracting(Target::threads).containsExactly(true, true, true, false);
        assertThat(problems(String.join(",", discord, telegram, slack, plain))).isEmpty();
        assertThat(storage.writeTargets(targets).toString().replace('"', '\'')).isEqualTo("[" + discord + "," + telegram
                + "," + slack + ",{'platform':'discord','channelId':'300000000000000002'}]");
        assertThat(storage.readTargets(storage.toText(storage.writeTargets(targets)))).isEqualTo(targets);
        assertThat(targets.get(0).id()).as("the same chat with or without threads")
                .isEqualTo(new DiscordTarget("300000000000000001", null).id());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "{'platform':'discord','channelId':'300000000000000001','threadId':'300000000000000009','threads':true}"
                    + " | targets[0].threads: threads start in a channel",
            "{'platform':'slack','channelId':'C0123ABCD','threadId':'1700000000.000100','threads':true}"
                    + " | targets[0].threads: threads start in a channel",
    })
    void aThreadCannotHoldThreads(String target, String expected) {
        assertThat(problems(target)).anySatisfy(p -> assertThat(p).startsWith(expected.strip()));
    }

    @Test
    void anythingButTrueOrFalseAndAnIncomingWebhookWithThreadsAreRefusedByField() {
        assertThatThrownBy(() -> input.readRoute(route("{'platform':'telegram','chatId':'-100','threads':'yes'}")))
                .hasMessageContaining("threads").hasMessageContaining("must be true or false");
        assertThatThrownBy(() -> input.readRoute(route(
                "{'platform':'slack','url':'https://hooks.slack.com/services/T1/B1/xyz','threads':true}")))
                .hasMessageContaining("threads").hasMessageContaining("incoming webhook cannot answer in a thread");
    }
}
