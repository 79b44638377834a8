package dev.webhooker.platform.slack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.webhooker.delivery.PlatformCall;
import dev.webhooker.delivery.RenderedMessage;
import dev.webhooker.format.NeutralMessage;

/** The requests of a Slack bot target with {@code threads: true}: the thread is the first message's ts. */
class SlackThreadRequestsTest {

    private final SlackDelivery delivery = new SlackDelivery();
    private final SlackTarget target = new SlackTarget("C0123", null, null, true);
    private final RenderedMessage message = delivery.render(target, new NeutralMessage("[acme/widget] review", null, null,
            "looks good", null, List.of(), null, null, null, null, null, null), null);

    @Test
    void aMessageOfTheThreadCarriesItsRootAsThreadTs() {
        PlatformCall call = delivery.callInThread(target, message, "1733220000.000100", null, "k");

        assertThat(call.endpoint()).isEqualTo("slack:chat.postMessage");
        SlackRequest request = (SlackRequest) call.body();
        assertThat(request.channel()).isEqualTo("C0123");
        assertThat(request.threadTs()).isEqualTo("1733220000.000100");
        assertThat(request.ts()).isNull();
    }

    @Test
    void theFirstMessageIsTheRootAndNoThreadIsStarted() {
        assertThat(((SlackRequest) delivery.call(target, message, null, "k").body()).threadTs()).isNull();
        assertThat(delivery.startThread(target, "1733220000.000100", "#2")).isEmpty();
    }
}
