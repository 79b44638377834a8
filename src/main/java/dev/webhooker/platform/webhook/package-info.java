/**
 * Webhook targets: events posted to any HTTP endpoint, signed as Standard Webhooks ({@code webhook-id},
 * {@code webhook-timestamp}, {@code webhook-signature}, secret rotation), behind an SSRF guard with an operator
 * allow-list ({@code WEBHOOK_TARGET_ALLOW}), through the {@code webhook:post} Camel component.
 */
package dev.webhooker.platform.webhook;
