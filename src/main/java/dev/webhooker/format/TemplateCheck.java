package dev.webhooker.format;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.routing.Group;
import dev.webhooker.routing.InvalidConfigException;
import dev.webhooker.routing.MessageTemplate;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.TargetPlatform;
import dev.webhooker.routing.TargetPlatforms;
import dev.webhooker.routing.WebhookEvent;

/**
 * Checks a route's template before it is saved: rendered, strictly, over the message of every sample event the
 * service ships (the console's tester offers the same ones) that the route selects, no placeholder may stay without a
 * value, and for each of the route's targets no part may exceed its platform's limit. A route that selects none of
 * the samples has its template parsed only.
 */
public final class TemplateCheck {

    /** Where the samples are: the console serves the same file to its route tester. */
    static final String SAMPLES = "static/admin/assets/samples.json";

    private final MessageFormatter formatter;
    private final Map<String, WebhookEvent> samples;

    public TemplateCheck(MessageFormatter formatter) {
        this(formatter, shippedSamples());
    }

    TemplateCheck(MessageFormatter formatter, Map<String, WebhookEvent> samples) {
        this.formatter = formatter;
        this.samples = Map.copyOf(samples);
    }

    /** Throws {@link InvalidConfigException} naming the template's part ({@code template.title}…) and why. */
    public void require(Route route, Group group) {
        MessageTemplate template = route.template();
        if (template == null) {
            return;
        }
        for (Map.Entry<String, String> part : template.parts().entrySet()) {
            String problem = MessageTemplate.syntaxProblem(part.getValue());
            if (problem != null) {
                throw refused(route, part.getKey(), problem);
            }
        }
        Route unworded = new Route(route.id(), route.groupId(), route.name(), true, route.filters(), route.ast(), route.targets(),
                route.stop(), route.fallback(), route.discordRoleIds());
        for (Map.Entry<String, WebhookEvent> sample : samples.entrySet().stream().sorted(Map.Entry.comparingByKey()).toList()) {
            WebhookEvent event = sample.getValue();
            if (!unworded.selects(event)) {
                continue;
            }
            NeutralMessage worded;
            try {
                worded = MessageTemplates.fill(template, formatter.format(event, group, unworded).message(), event);
            } catch (MessageTemplates.Unfilled e) {
                throw refused(route, e.part(), "with the " + sample.getKey() + " sample: " + e.getMessage());
            }
            for (Target target : route.targets()) {
                TargetPlatform.Limit over = TargetPlatforms.of(target).overLimit(worded.title(), worded.description(), worded.footer());
                if (over != null) {
                    throw refused(route, over.part(), "with the " + sample.getKey() + " sample it is " + over.length()
                            + " characters; a " + target.platform() + " message takes at most " + over.max());
                }
            }
        }
    }

    /** {@link #require} for every route of a document, with the group each names ({@code groups}: by id, or null). */
    public void requireAll(List<Route> routes, Function<String, Group> groups) {
        for (Route route : routes) {
            if (route.template() != null) {
                require(route, route.groupId() == null ? null : groups.apply(route.groupId()));
            }
        }
    }

    private static InvalidConfigException refused(Route route, String part, String message) {
        return InvalidConfigException.single("route (id \"" + route.id() + "\")", "template." + part, message);
    }

    /** The samples by name, as events of the GitHub provider on no particular endpoint. */
    static Map<String, WebhookEvent> shippedSamples() {
        try (InputStream in = TemplateCheck.class.getClassLoader().getResourceAsStream(SAMPLES)) {
            if (in == null) {
                throw new IllegalStateException(SAMPLES + " is missing from the classpath");
            }
            JsonNode all = new ObjectMapper().readTree(in);
            Map<String, WebhookEvent> events = new LinkedHashMap<>();
            all.properties().forEach(e -> events.put(e.getKey(), new WebhookEvent("github", e.getValue().path("event").asText(),
                    (ObjectNode) e.getValue().path("payload"), null, null)));
            return events;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
