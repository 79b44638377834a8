package dev.webhooker.ingress;

/**
 * A request as it arrived: the tenant of the per-group endpoint ({@code null} on the global one),
 * its headers, the exact raw body bytes (what signatures cover) and the content type.
 */
public record ReceivedWebhook(String groupId, WebhookHeaders headers, byte[] body, String contentType) {
}
