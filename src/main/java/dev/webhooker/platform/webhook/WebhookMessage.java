package dev.webhooker.platform.webhook;

import dev.webhooker.delivery.RenderedMessage;

/** The JSON a webhook target gets (the event or the neutral message), and what the event was. */
public record WebhookMessage(String body, String provider, String event) implements RenderedMessage {
}
