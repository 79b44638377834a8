package dev.webhooker.platform.telegram;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import dev.webhooker.delivery.PlatformCall;
import dev.webhooker.delivery.RenderedMessage;
import dev.webhooker.format.NeutralMessage;
import dev.webhooker.testsupport.TestKeys;

/** The requests of a Telegram target with {@code threads: true}: the thread is the first message and the replies to it. */
class TelegramThreadRequestsTest {

    private final TelegramDelivery delivery = new TelegramDelivery(TestKeys.telegramRenderer(), null, null, new ObjectMapper());
    private final TelegramTarget target = new TelegramTarget("-100", null, true);
    private final RenderedMessage message = delivery.render(target, new NeutralMessage("[acme/widget] review", null, null,
            "looks good", null, List.of(), null, null, null, null, null, null), null);

    @Test
    void aMessageOfTheThreadRepliesToItsRoot() {
        PlatformCall call = delivery.callInThread(target, message, "77", null, "k");

        assertThat(call.endpoint()).isEqualTo("telegram:sendMessage");
        ObjectNode body = (ObjectNode) call.body();
        assertThat(body.path("chat_id").asText()).isEqualTo("-100");
        assertThat(body.path("reply_parameters").path("message_id").asLong()).isEqualTo(77);
    }

    @Test
    void anEditIsNoReply() {
        ObjectNode body = (ObjectNode) delivery.callInThread(target, message, "77", "80", null).body();

        assertThat(body.path("message_id").asLong()).isEqualTo(80);
        assertThat(body.has("reply_parameters")).isFalse();
    }

    @Test
    void noThreadIsStartedTheFirstMessageIsTheRoot() {
        assertThat(delivery.startThread(target, "77", "#2 Update the README")).isEmpty();
        assertThat(((ObjectNode) delivery.call(target, message, null, "k").body()).has("reply_parameters")).isFalse();
    }

    @Test
    void theFirstMessageOpensTheThreadWithTheMethodItsParametersAndTheName() {
        PlatformCall open = delivery.openThread(target, message, "#2 Update the README", "k");

        assertThat(open.endpoint()).isEqualTo("telegram:openThread");
        TelegramThreadOpening opening = (TelegramThreadOpening) open.body();
        assertThat(opening.method()).isEqualTo("sendMessage");
        assertThat(opening.name()).isEqualTo("#2 Update the README");
        assertThat(opening.parameters().path("chat_id").asText()).isEqualTo("-100");
        assertThat(opening.parameters().has("message_thread_id")).isFalse();
    }

    @Test
    void aTargetThatIsATopicSendsTheFirstMessageThereAsItIs() {
        TelegramTarget topic = new TelegramTarget("-100", "7", true);

        PlatformCall open = delivery.openThread(topic, message, "#2 Update the README", "k");

        assertThat(open.endpoint()).isEqualTo("telegram:sendMessage");
        assertThat(((ObjectNode) open.body()).path("message_thread_id").asLong()).isEqualTo(7);
    }

    @Test
    void aMessageOfATopicThreadGoesToTheTopicAndRepliesToNothing() {
        ObjectNode body = (ObjectNode) delivery.callInThread(target, message, "topic:42", null, "k").body();
        ObjectNode edit = (ObjectNode) delivery.callInThread(target, message, "topic:42", "90", null).body();

        assertThat(body.path("message_thread_id").asLong()).isEqualTo(42);
        assertThat(body.has("reply_parameters")).isFalse();
        assertThat(edit.path("message_id").asLong()).isEqualTo(90);
        assertThat(edit.has("reply_parameters")).isFalse();
    }
}
