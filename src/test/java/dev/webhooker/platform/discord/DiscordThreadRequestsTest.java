package dev.webhooker.platform.discord;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.webhooker.delivery.PlatformCall;
import dev.webhooker.delivery.RenderedMessage;
import dev.webhooker.format.NeutralMessage;

/** The requests of a Discord target with {@code threads: true}: a thread is a channel whose id is its first message's. */
class DiscordThreadRequestsTest {

    private final DiscordDelivery delivery = new DiscordDelivery(new DiscordRenderer());
    private final DiscordTarget target = new DiscordTarget("111", null, true);
    private final RenderedMessage message = delivery.render(target, new NeutralMessage("[acme/widget] review", null, null,
            "looks good", null, List.of(), null, null, null, null, null, null), null);

    @Test
    void aMessageOfTheThreadIsPostedToTheThreadsChannel() {
        DiscordRequest request = (DiscordRequest) delivery.callInThread(target, message, "5001", null, "n-1").body();

        assertThat(request.channelId()).isEqualTo("5001");
        assertThat(request.messageId()).isNull();
        assertThat(request.body().path("nonce").asText()).isEqualTo("n-1");
    }

    @Test
    void anEditIsMadeWhereTheMessageIsTheRootInTheChannelTheRestInTheThread() {
        PlatformCall root = delivery.callInThread(target, message, "5001", "5001", null);
        PlatformCall reply = delivery.callInThread(target, message, "5001", "5002", null);

        assertThat(root.endpoint()).isEqualTo(DiscordRequest.EDIT_MESSAGE);
        assertThat(((DiscordRequest) root.body()).channelId()).isEqualTo("111");
        assertThat(((DiscordRequest) reply.body()).channelId()).isEqualTo("5001");
        assertThat(((DiscordRequest) reply.body()).messageId()).isEqualTo("5002");
    }

    @Test
    void theThreadIsStartedOnTheMessageInTheChannelWithTheTitleAsItsName() {
        PlatformCall start = delivery.startThread(target, "5001", "#2 Update the README").orElseThrow();

        assertThat(start.endpoint()).isEqualTo(DiscordRequest.START_THREAD);
        DiscordRequest request = (DiscordRequest) start.body();
        assertThat(request.channelId()).isEqualTo("111");
        assertThat(request.messageId()).isEqualTo("5001");
        assertThat(request.body().toString()).isEqualTo("{\"name\":\"#2 Update the README\"}");
    }

    @Test
    void theFirstMessageOpensTheThreadWithItsNameAndTheNonce() {
        PlatformCall open = delivery.openThread(target, message, "#2 Update the README", "n-1");

        assertThat(open.endpoint()).isEqualTo(DiscordRequest.OPEN_THREAD);
        DiscordRequest request = (DiscordRequest) open.body();
        assertThat(request.channelId()).isEqualTo("111");
        assertThat(request.threadName()).isEqualTo("#2 Update the README");
        assertThat(request.body().path("embeds").size()).isEqualTo(1);
        assertThat(request.body().path("nonce").asText()).isEqualTo("n-1");
    }

    @Test
    void everyMessageOfAForumPostIsInThePostItsFirstOneToo() {
        PlatformCall reply = delivery.callInThread(target, message, "post:7001", null, "n-2");
        PlatformCall first = delivery.callInThread(target, message, "post:7001", "7001", null);
        PlatformCall later = delivery.callInThread(target, message, "post:7001", "7002", null);

        assertThat(((DiscordRequest) reply.body()).channelId()).isEqualTo("7001");
        assertThat(reply.endpoint()).isEqualTo(DiscordRequest.CREATE_MESSAGE);
        assertThat(first.endpoint()).isEqualTo(DiscordRequest.EDIT_MESSAGE);
        assertThat(((DiscordRequest) first.body()).channelId()).as("a post's first message is in the post").isEqualTo("7001");
        assertThat(((DiscordRequest) later.body()).channelId()).isEqualTo("7001");
    }
}
