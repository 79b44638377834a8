package dev.webhooker.platform.webhook;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.webhooker.delivery.ErrorCode;
import dev.webhooker.delivery.PlatformCall;
import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.routing.WebhookSecret;

/**
 * The {@code webhook:post} request for a webhook target. {@code webhook-id} is {@code msg_} and the delivery's
 * stable id for this (route, target): the same on every retry, so a receiver drops a repeat, and different for
 * each route that posts the same event to one endpoint, so none of them is mistaken for a repeat. The event's
 * provider and name go along as {@code webhooker-provider} and {@code webhooker-event}.
 */
final class WebhookCalls {

    public static final String ENDPOINT = "webhook:post";

    private WebhookCalls() {
    }

    static PlatformCall call(WebhookTarget target, WebhookMessage message, String idempotencyKey) {
        WebhookTarget.Webhook webhook = target.webhook();
        List<WebhookSecret> secrets = new ArrayList<>();
        try {
            webhook.secrets().forEach(secret -> secrets.add(WebhookSecret.parse(secret)));
        } catch (IllegalArgumentException e) {
            // validation refuses such a target; one stored before a rule changed is not sent unsigned
            return PlatformCall.refused(SendOutcome.failure(ErrorCode.NO_TARGET, null, "webhook target secret: " + e.getMessage(), 0));
        }
        if (secrets.isEmpty()) {
            return PlatformCall.refused(SendOutcome.failure(ErrorCode.NO_TARGET, null, "webhook target has no secret", 0));
        }
        Map<String, String> headers = new LinkedHashMap<>(webhook.headers());
        if (message.provider() != null) {
            headers.put("webhooker-provider", message.provider());
        }
        if (message.event() != null) {
            headers.put("webhooker-event", message.event());
        }
        URI url;
        try {
            url = new URI(webhook.url() == null ? "" : webhook.url());
        } catch (URISyntaxException e) {
            // as for a bad secret: refused for good rather than retried as an engine failure
            return PlatformCall.refused(SendOutcome.failure(ErrorCode.NO_TARGET, null, "webhook target URL is not a URL", 0));
        }
        Duration timeout = webhook.timeoutSeconds() == null ? null : Duration.ofSeconds(webhook.timeoutSeconds());
        return PlatformCall.to(ENDPOINT, new WebhookRequest(url, "msg_" + idempotencyKey, message.body(), secrets, headers, timeout));
    }
}
