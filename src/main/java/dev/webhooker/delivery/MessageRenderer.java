package dev.webhooker.delivery;

import dev.webhooker.format.NeutralMessage;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.WebhookEvent;

/**
 * Turns a neutral message into the target platform's shape (bound to the Discord and Telegram renderers; a webhook
 * target takes the event itself or the neutral message as JSON, as its format says).
 */
public interface MessageRenderer {

    RenderedMessage render(Target target, NeutralMessage message, WebhookEvent event);
}
