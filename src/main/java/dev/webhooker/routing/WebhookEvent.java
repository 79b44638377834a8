package dev.webhooker.routing;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A verified, normalized delivery as routing sees it: provider ({@code github}, {@code gitea} or
 * {@code custom}), event name (after the Gitea rename), the payload object (Gitea already mapped to the
 * GitHub shape), the GitHub App installation id when there is one, and the tenant of the per-group
 * endpoint ({@code null} on the global endpoint).
 */
public record WebhookEvent(String provider, String event, ObjectNode payload, Long installationId, String tenantGroupId) {
}
