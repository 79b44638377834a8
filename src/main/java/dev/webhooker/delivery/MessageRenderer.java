package dev.webhooker.delivery;

import dev.webhooker.format.NeutralMessage;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.WebhookEvent;

/**
 * Turns a neutral message into the target platform's shape: each platform package renders its own targets (a webhook
 * target may take the event itself rather than the message, so the event comes along).
 */
public interface MessageRenderer {

    RenderedMessage render(Target target, NeutralMessage message, WebhookEvent event);
}
