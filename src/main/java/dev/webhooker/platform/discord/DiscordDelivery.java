package dev.webhooker.platform.discord;

import java.util.Optional;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.delivery.PlatformCall;
import dev.webhooker.delivery.RenderedMessage;
import dev.webhooker.format.NeutralMessage;
import dev.webhooker.platform.PlatformDelivery;
import dev.webhooker.platform.Platforms;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.WebhookEvent;

/**
 * A Discord target: an embed, created or edited on the thread or else the channel ({@code discord:createMessage},
 * {@code discord:editMessage}); with {@code threads}, a thread started on a pull request's first message
 * ({@code discord:startThread}) takes its later ones.
 */
public final class DiscordDelivery implements PlatformDelivery {

    private final DiscordRenderer renderer;

    public DiscordDelivery(DiscordRenderer renderer) {
        this.renderer = renderer;
    }

    @Override
    public String platform() {
        return "discord";
    }

    @Override
    public RenderedMessage render(Target target, NeutralMessage message, WebhookEvent event) {
        return renderer.render(message);
    }

    @Override
    public PlatformCall call(Target target, RenderedMessage message, String editMessageId, String idempotencyKey) {
        if (!(message instanceof DiscordMessage d) || !(target instanceof DiscordTarget t)) {
            return Platforms.wrongMessage(target, message);
        }
        String channel = t.threadId() == null || t.threadId().isBlank() ? t.channelId() : t.threadId();
        return request(channel, d, editMessageId, idempotencyKey);
    }

    /**
     * A thread is a channel of its own, whose id is that of the message it was started on; that message stays in the
     * parent channel, so an edit of it is addressed there, and everything else to the thread.
     */
    @Override
    public PlatformCall callInThread(Target target, RenderedMessage message, String threadRoot, String editMessageId,
                                     String idempotencyKey) {
        if (!(message instanceof DiscordMessage d) || !(target instanceof DiscordTarget t)) {
            return Platforms.wrongMessage(target, message);
        }
        String channel = threadRoot == null || threadRoot.equals(editMessageId) ? t.channelId() : threadRoot;
        return request(channel, d, editMessageId, idempotencyKey);
    }

    /** POST /channels/{channel}/messages/{message}/threads: the thread's id is the message's. */
    @Override
    public Optional<PlatformCall> startThread(Target target, String messageId, String title) {
        if (!(target instanceof DiscordTarget t)) {
            return Optional.empty();
        }
        ObjectNode body = JsonNodeFactory.instance.objectNode().put("name", title);
        return Optional.of(PlatformCall.to(DiscordRequest.START_THREAD, new DiscordRequest(t.channelId(), messageId, body)));
    }

    private static PlatformCall request(String channel, DiscordMessage message, String editMessageId, String idempotencyKey) {
        ObjectNode body = message.body().deepCopy();
        if (editMessageId != null) {
            return PlatformCall.to(DiscordRequest.EDIT_MESSAGE, new DiscordRequest(channel, editMessageId, body));
        }
        if (idempotencyKey != null) {
            // Discord drops a second create with the same enforced nonce from the same bot for a few minutes,
            // so a retry after a lost answer does not post twice
            body.put("nonce", idempotencyKey).put("enforce_nonce", true);
        }
        return PlatformCall.to(DiscordRequest.CREATE_MESSAGE, new DiscordRequest(channel, null, body));
    }
}
