package dev.webhooker.routing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.webhooker.testsupport.Fixtures;
import dev.webhooker.platform.discord.DiscordTarget;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;

/** Short builders for routing tests: filters, trees, routes, groups and events from inline JSON. */
final class RoutingExamples {

    private static final ObjectMapper JSON = new ObjectMapper();

    private RoutingExamples() {
    }

    static Filter f(String type, String... match) {
        return new Filter(type, Arrays.asList(match), false);
    }

    static Filter exclude(String type, String... match) {
        return new Filter(type, Arrays.asList(match), true);
    }

    static FilterNode leaf(Filter filter) {
        return new FilterNode.Leaf(filter);
    }

    static FilterNode all(FilterNode... children) {
        return new FilterNode.All(List.of(children));
    }

    static FilterNode any(FilterNode... children) {
        return new FilterNode.Any(List.of(children));
    }

    static FilterNode not(FilterNode child) {
        return new FilterNode.Not(child);
    }

    /** An enabled, regular route outside any group (so no gates) with these filters. */
    static Route route(Filter... filters) {
        return route("r", null, filters);
    }

    static Route route(String id, String groupId, Filter... filters) {
        return new Route(id, groupId, id, true, List.of(filters), null, List.of(new DiscordTarget("1", null)),
                false, false, List.of());
    }

    static Route treeRoute(FilterNode ast, Filter... filters) {
        return new Route("r", null, "r", true, List.of(filters), ast, List.of(new DiscordTarget("1", null)),
                false, false, List.of());
    }

    static Route toChannel(String id, String groupId, String channelId, Filter... filters) {
        return new Route(id, groupId, id, true, List.of(filters), null, List.of(new DiscordTarget(channelId, null)),
                false, false, List.of());
    }

    static Route withStop(Route r) {
        return new Route(r.id(), r.groupId(), r.name(), r.enabled(), r.filters(), r.ast(), r.targets(), true,
                r.fallback(), r.discordRoleIds());
    }

    static Route asFallback(Route r) {
        return new Route(r.id(), r.groupId(), r.name(), r.enabled(), r.filters(), r.ast(), r.targets(), r.stop(),
                true, r.discordRoleIds());
    }

    static Route disabled(Route r) {
        return new Route(r.id(), r.groupId(), r.name(), false, r.filters(), r.ast(), r.targets(), r.stop(),
                r.fallback(), r.discordRoleIds());
    }

    static Group group(String id) {
        return gatedGroup(id, null, List.of(), List.of());
    }

    static Group gatedGroup(String id, Long installationId, List<String> owners, List<String> providers) {
        return new Group(id, id, List.of(), List.of(), owners, providers, installationId, true, List.of(), "en",
                null, false);
    }

    static ConfigSnapshot snapshot(long version, List<Group> groups, Route... routes) {
        return new ConfigSnapshot(version, groups, List.of(routes));
    }

    static WebhookEvent event(String name, String payloadJson) {
        return new WebhookEvent("github", name, object(payloadJson), null, null);
    }

    static WebhookEvent event(String provider, String name, String payloadJson, Long installationId, String tenant) {
        return new WebhookEvent(provider, name, object(payloadJson), installationId, tenant);
    }

    /** A real GitHub payload from the shared fixtures, e.g. {@code fixture("push", "commits.json")}. */
    static WebhookEvent fixture(String eventDir, String file) {
        try {
            ObjectNode payload = (ObjectNode) JSON.readTree(Fixtures.root().resolve("github").resolve(eventDir).resolve(file).toFile());
            return new WebhookEvent("github", eventDir, payload, null, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ObjectNode object(String json) {
        try {
            return (ObjectNode) JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(json, e);
        }
    }

    /** Whether a lone gate-free route fires for the event. */
    static boolean fires(Route route, WebhookEvent event) {
        return !new RouteSelector().select(snapshot(1, List.of(), route), event).isEmpty();
    }

    static List<String> channels(List<Route> fired) {
        return fired.stream().flatMap(r -> r.targets().stream()).map(Target::id).toList();
    }
}
