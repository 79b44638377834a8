package dev.webhooker.platform.webhook;

import dev.webhooker.delivery.PlatformCall;
import dev.webhooker.delivery.RenderedMessage;
import dev.webhooker.format.NeutralMessage;
import dev.webhooker.platform.PlatformDelivery;
import dev.webhooker.platform.Platforms;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.WebhookEvent;

/** A webhook target gets the event itself or the neutral message as JSON, as its format says, in a signed {@code webhook:post}. */
public final class WebhookDelivery implements PlatformDelivery {

    private final WebhookBodies bodies = new WebhookBodies();

    @Override
    public String platform() {
        return "webhook";
    }

    @Override
    public RenderedMessage render(Target target, NeutralMessage message, WebhookEvent event) {
        if (!(target instanceof WebhookTarget w)) {
            throw new IllegalArgumentException("not a webhook target: " + target);
        }
        return bodies.render(w.webhook().format(), message, event);
    }

    /** Every event is posted anew: a receiver has no message to edit. */
    @Override
    public PlatformCall call(Target target, RenderedMessage message, String editMessageId, String idempotencyKey) {
        return message instanceof WebhookMessage m && target instanceof WebhookTarget w ? WebhookCalls.call(w, m, idempotencyKey)
                : Platforms.wrongMessage(target, message);
    }
}
