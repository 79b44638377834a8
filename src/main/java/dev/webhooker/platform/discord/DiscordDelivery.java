package dev.webhooker.platform.discord;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.delivery.PlatformCall;
import dev.webhooker.delivery.RenderedMessage;
import dev.webhooker.format.NeutralMessage;
import dev.webhooker.platform.PlatformDelivery;
import dev.webhooker.platform.Platforms;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.WebhookEvent;

/** A Discord target: an embed, created or edited on the thread or else the channel ({@code discord:createMessage}, {@code discord:editMessage}). */
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
        ObjectNode body = d.body().deepCopy();
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
