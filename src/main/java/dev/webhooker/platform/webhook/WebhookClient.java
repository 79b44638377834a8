package dev.webhooker.platform.webhook;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import dev.webhooker.delivery.SendOutcome;

/**
 * Posts a signed event to a webhook target (Standard Webhooks) through the {@link EndpointPoster}.
 * <p>
 * The answers, as the retry rules read them: 2xx delivered; 410 Gone: the receiver asks to stop
 * ({@link WebhookErrors#WEBHOOK_GONE}); 429 and 503 with {@code Retry-After} wait that long (at most
 * {@link dev.webhooker.platform.RetryAfter#MAX}); other 4xx and 3xx are final ({@link WebhookErrors#WEBHOOK_ERROR});
 * 5xx, a 429 without {@code Retry-After} and network errors are retried.
 */
final class WebhookClient {

    private final EndpointPoster poster;
    private final Clock clock;

    WebhookClient(EndpointPoster poster, Clock clock) {
        this.poster = poster;
        this.clock = clock;
    }

    /** Signs and posts {@code request}; no thread waits for the answer. */
    public CompletableFuture<SendOutcome> post(WebhookRequest request) {
        byte[] body = request.body().getBytes(StandardCharsets.UTF_8);
        long timestamp = clock.instant().getEpochSecond();
        Map<String, String> headers = new LinkedHashMap<>();
        request.headers().forEach((name, value) -> {
            if (!WebhookRequest.SIGNED_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                headers.put(name, value);
            }
        });
        headers.put("webhook-id", request.messageId());
        headers.put("webhook-timestamp", Long.toString(timestamp));
        headers.put("webhook-signature", WebhookSignature.sign(request.secrets(), request.messageId(), timestamp, body));
        return poster.post("webhook", request.url(), headers, request.body(), request.timeout())
                .thenApply(result -> result.recorded(result.failure() != null ? result.failure() : outcome(result.answer())));
    }

    private static SendOutcome outcome(EndpointPoster.Answer answer) {
        int status = answer.status();
        if (status == 410) {
            return SendOutcome.failure(WebhookErrors.WEBHOOK_GONE, status, answer.describe(), 1);
        }
        if (status >= 300 && status < 400) {
            return SendOutcome.failure(WebhookErrors.WEBHOOK_ERROR, status, "HTTP " + status + ": redirects are not followed", 1);
        }
        return answer.outcome(WebhookErrors.WEBHOOK_ERROR, WebhookErrors.WEBHOOK_5XX);
    }
}
