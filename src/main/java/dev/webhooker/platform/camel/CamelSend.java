package dev.webhooker.platform.camel;

import java.util.List;

import dev.webhooker.routing.WebhookSecret;

/**
 * The body {@code camel-target:send} takes: the endpoint URI in clear (with its credentials), the message id
 * ({@code webhook-id}, the same on every retry), the message, the secrets that sign it (none: unsigned) and whether
 * its key extends the routing key or topic.
 */
record CamelSend(String uri, String messageId, CamelMessage message, List<WebhookSecret> secrets, boolean keyed) {

    CamelSend {
        secrets = List.copyOf(secrets);
    }

    @Override
    public String toString() {
        // the URI may hold a password: neither it nor the body goes into a log
        return "CamelSend[" + new CamelTarget(uri, List.of(), keyed).id() + ", " + messageId + "]";
    }
}
