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
 * {@code discord:editMessage}); with {@code threads}, a pull request's first message opens its thread
 * ({@code discord:openThread}: a post in a forum channel, else a message with a thread started on it,
 * {@code discord:startThread}), which takes its later ones.
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
     * A thread is a channel of its own: everything is addressed to it, but for an edit of the message a thread was
     * started on, which stays in the parent channel ({@link DiscordThread}).
     */
    @Override
    public PlatformCall callInThread(Target target, RenderedMessage message, String threadRoot, String editMessageId,
                                     String idempotencyKey) {
        if (!(message instanceof DiscordMessage d) || !(target instanceof DiscordTarget t)) {
            return Platforms.wrongMessage(target, message);
        }
        if (threadRoot == null) {
            return request(t.channelId(), d, editMessageId, idempotencyKey);
        }
        DiscordThread thread = DiscordThread.of(threadRoot);
        String channel = editMessageId == null ? thread.channelId() : thread.channelOf(editMessageId, t.channelId());
        return request(channel, d, editMessageId, idempotencyKey);
    }

    /**
     * The message to the target's channel, by {@code discord:openThread}: a forum or media channel takes it as a new
     * post named {@code title}, whose thread the answer names; a text channel as a message, on which
     * {@link #startThread} then starts the thread.
     */
    @Override
    public PlatformCall openThread(Target target, RenderedMessage message, String title, String idempotencyKey) {
        PlatformCall post = call(target, message, null, idempotencyKey);
        if (!post.sendable() || !(post.body() instanceof DiscordRequest request)) {
            return post;
        }
        return PlatformCall.to(DiscordRequest.OPEN_THREAD, new DiscordRequest(request.channelId(), null, request.body(), title));
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
