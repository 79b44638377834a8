package dev.webhooker.routing;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The group gates: which events a group's routes may see at all. All three must pass;
 * they apply to regular and fallback routes and on both the global and the per-group endpoint.
 *
 * <p>Unlike the original, a route naming a group that does not exist is an orphan and is never accepted
 *: it would otherwise bypass every gate.
 */
class GroupGates {

    private static final String DEFAULT_PROVIDER = "github";

    /**
     * Whether {@code route} may fire for {@code event}: a route without a group has no gates; a route of
     * an unknown group is an orphan and is rejected; otherwise its group's gates decide.
     */
    public boolean acceptsRoute(Route route, Map<String, Group> groupsById, WebhookEvent event) {
        String groupId = route.groupId();
        if (groupId == null || groupId.isEmpty()) {
            return true;
        }
        Group group = groupsById.get(groupId);
        return group != null && accepts(group, event);
    }

    /** Why {@link #acceptsRoute} is false, e.g. {@code group "default": owners gate ["myorg"] refuses owner "octocat"}. */
    public String whyNot(Route route, Map<String, Group> groupsById, WebhookEvent event) {
        Group group = groupsById.get(route.groupId());
        if (group == null) {
            return "its group " + ConfigError.quote(route.groupId()) + " does not exist";
        }
        String prefix = "group " + ConfigError.quote(group.id()) + ": ";
        if (!endpointAccepts(group, event)) {
            return prefix + "a self-signup group takes nothing from the shared /webhook endpoint until it is bound to an installation"
                    + " (its own endpoint is /webhook/" + group.id() + ")";
        }
        if (!installationAccepts(group, event.installationId())) {
            return prefix + "installation gate " + group.installationId() + " refuses "
                    + (event.installationId() == null ? "an event without an installation" : "installation " + event.installationId());
        }
        if (!ownersAccept(group, event.payload())) {
            List<String> seen = event.payload() == null ? List.of()
                    : Stream.of(event.payload().path("repository").path("owner").path("login"), event.payload().path("organization").path("login"))
                            .filter(JsonNode::isTextual).map(JsonNode::textValue).distinct().toList();
            return prefix + "owners gate " + quoted(group.owners()) + " refuses "
                    + (seen.isEmpty() ? "an event that names no owner" : "owner " + String.join(" / ", seen.stream().map(ConfigError::quote).toList()));
        }
        return prefix + "providers gate " + quoted(group.providers()) + " refuses provider " + ConfigError.quote(event.provider());
    }

    private static String quoted(List<String> values) {
        return values.stream().map(ConfigError::quote).toList().toString();
    }

    /** All gates of {@code group}. */
    public boolean accepts(Group group, WebhookEvent event) {
        return endpointAccepts(group, event)
                && installationAccepts(group, event.installationId())
                && ownersAccept(group, event.payload())
                && providersAccept(group, event.provider());
    }

    /**
     * Deny by default for groups nobody vetted ({@code globalWebhook: false}, self-signup): on the shared
     * endpoint they take only the events of the installation they are bound to (the installation gate
     * then decides); their own endpoint is unaffected.
     */
    public boolean endpointAccepts(Group group, WebhookEvent event) {
        return group.globalWebhook() || event.tenantGroupId() != null || group.installationId() != null;
    }

    /**
     * A group bound to an installation takes only that installation's events; events without one
     * (Gitea, custom, classic repository webhooks) are rejected.
     */
    public boolean installationAccepts(Group group, Long eventInstallationId) {
        return group.installationId() == null || group.installationId().equals(eventInstallationId);
    }

    /**
     * A group with owners takes only events whose repository owner or organization is one of them;
     * events naming neither are rejected.
     */
    public boolean ownersAccept(Group group, JsonNode payload) {
        Set<String> owners = normalized(group.owners());
        if (owners.isEmpty()) {
            return true;
        }
        if (payload == null) {
            return false;
        }
        return Stream.of(payload.path("repository").path("owner").path("login"), payload.path("organization").path("login"))
                .filter(JsonNode::isTextual)
                .map(node -> normalize(node.textValue()))
                .anyMatch(owners::contains);
    }

    /** A group with providers takes only those providers' events; an event without one counts as github. */
    public boolean providersAccept(Group group, String eventProvider) {
        Set<String> providers = normalized(group.providers());
        if (providers.isEmpty()) {
            return true;
        }
        String provider = eventProvider == null || eventProvider.isBlank() ? DEFAULT_PROVIDER : normalize(eventProvider);
        return providers.contains(provider);
    }

    private static Set<String> normalized(List<String> values) {
        return values.stream()
                .filter(v -> v != null && !v.isBlank())
                .map(GroupGates::normalize)
                .collect(Collectors.toUnmodifiableSet());
    }

    private static String normalize(String value) {
        return value.strip().toLowerCase(Locale.ROOT);
    }
}
