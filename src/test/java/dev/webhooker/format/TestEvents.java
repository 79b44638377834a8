package dev.webhooker.format;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.WebhookEvent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

/** Builders for events, groups and routes in format tests. */
public final class TestEvents {

    public static final ObjectMapper MAPPER = new ObjectMapper();
    public static final Clock CLOCK = Clock.fixed(Instant.parse("2026-08-02T21:26:04.042Z"), ZoneOffset.UTC);

    private TestEvents() {
    }

    public static ObjectNode json(String json) {
        try {
            return (ObjectNode) MAPPER.readTree(json.replace('\'', '"'));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The vectors' defaults: repository acme/widget on github.com, sender octocat. */
    public static ObjectNode withDefaults(ObjectNode payload) {
        if (!payload.has("repository")) {
            payload.set("repository", json("{'full_name':'acme/widget','html_url':'https://github.com/acme/widget'}"));
        }
        if (!payload.has("sender")) {
            payload.set("sender", json("{'login':'octocat'}"));
        }
        return payload;
    }

    public static WebhookEvent github(String event, String payloadJson) {
        return new WebhookEvent("github", event, withDefaults(json(payloadJson)), null, null);
    }

    public static WebhookEvent raw(String provider, String event, ObjectNode payload) {
        return new WebhookEvent(provider, event, payload, null, null);
    }

    public static Group group(String lang, boolean emoji) {
        return group(lang, emoji, List.of());
    }

    public static Group group(String lang, boolean emoji, List<Group.ForgeSource> sources) {
        return new Group("g1", "Group", List.of(), List.of(), List.of(), List.of(), null, emoji, sources, lang,
                null, false);
    }

    public static Route route(List<String> roleIds) {
        return new Route("r1", "g1", "Route", true, List.of(), null, List.of(), false, false, roleIds);
    }

    public static MessageFormatter formatter() {
        return new MessageFormatter(I18n.builtInOnly(), new EventFormatters(), CLOCK);
    }

    public static NeutralMessage format(WebhookEvent event) {
        FormattedMessage formatted = formatter().format(event, group("en", true), route(List.of()));
        if (formatted.formatError()) {
            throw new AssertionError("unexpected format error: " + formatted.formatErrorDetail());
        }
        return formatted.message();
    }

    public static ObjectNode read(Path file) {
        try {
            JsonNode node = MAPPER.readTree(file.toFile());
            return (ObjectNode) node;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What ingress does to a Gitea delivery: the one event rename and the payload
     * copies, so fixtures are formatted as production would see them.
     */
    public static WebhookEvent gitea(String giteaEvent, ObjectNode payload) {
        String event = "pull_request_comment".equals(giteaEvent) ? "pull_request_review_comment" : giteaEvent;
        if ("push".equals(giteaEvent)) {
            if (payload.hasNonNull("compare_url") && !payload.has("compare")) {
                payload.set("compare", payload.get("compare_url"));
            }
            if (!payload.hasNonNull("sender") && payload.has("pusher")) {
                payload.set("sender", payload.get("pusher"));
            }
        }
        if ("pull_request_comment".equals(giteaEvent)) {
            if (!payload.has("pull_request") && payload.has("issue")) {
                payload.set("pull_request", payload.get("issue"));
            }
            JsonNode comment = payload.get("comment");
            if (comment instanceof ObjectNode c && !c.has("position") && c.has("line")) {
                c.set("position", c.get("line"));
            }
        }
        if ("commit_comment".equals(giteaEvent) && payload.get("comment") instanceof ObjectNode c
                && (!c.hasNonNull("commit_id") || c.get("commit_id").asText().isEmpty())
                && payload.path("commit_id").isTextual()) {
            c.set("commit_id", payload.get("commit_id"));
        }
        return new WebhookEvent("gitea", event, payload, null, null);
    }
}
