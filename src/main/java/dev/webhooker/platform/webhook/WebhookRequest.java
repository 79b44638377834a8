package dev.webhooker.platform.webhook;

import dev.webhooker.routing.WebhookSecret;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The body the {@code webhook:post} endpoint takes: where to, the message id ({@code webhook-id}, the same on every
 * retry), the JSON to post, the secrets that sign it (the new one first during a rotation), static headers and the
 * target's timeout (null: the platform call default).
 */
record WebhookRequest(URI url, String messageId, String body, List<WebhookSecret> secrets,
                             Map<String, String> headers, Duration timeout) {

    /** The Standard Webhooks headers: a static header of the target never replaces them. */
    public static final List<String> SIGNED_HEADERS = List.of("webhook-id", "webhook-timestamp", "webhook-signature");

    public WebhookRequest {
        secrets = List.copyOf(secrets);
        headers = headers == null ? Map.of() : Map.copyOf(headers);
    }

    @Override
    public String toString() {
        // the URL can carry a credential (a path token, a user:password): neither it nor the body goes into a log
        return "WebhookRequest[" + url.getHost() + ", " + messageId + "]";
    }
}
