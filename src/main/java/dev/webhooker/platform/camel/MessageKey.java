package dev.webhooker.platform.camel;

import com.fasterxml.jackson.databind.JsonNode;

import dev.webhooker.routing.WebhookEvent;

/**
 * The key of an event's message on a partitioned or routed transport: what it is about, so every message about one
 * pull request (or issue, or CI run) lands on one partition, in order. The repository's full name, then
 * {@code /pull/<n>}, {@code /issues/<n>} or {@code /runs/<id>} when the event is about one of them:
 * {@code octo-org/hello-world/pull/42}. An event about the repository as a whole (a push, a release) has the
 * repository's name alone, and one without a repository the provider's name.
 */
final class MessageKey {

    private MessageKey() {
    }

    static String of(WebhookEvent event) {
        JsonNode payload = event.payload();
        String provider = event.provider() == null ? "webhook" : event.provider();
        if (payload == null) {
            return provider;
        }
        String repository = text(payload.path("repository").path("full_name"));
        String base = repository == null ? provider : repository;
        JsonNode pull = payload.path("pull_request");
        if (pull.path("number").canConvertToLong()) {
            return base + "/pull/" + pull.path("number").asLong();
        }
        JsonNode issue = payload.path("issue");
        if (issue.path("number").canConvertToLong()) {
            // a comment on a pull request arrives as an issue comment: its issue carries a pull_request link
            return base + (issue.has("pull_request") ? "/pull/" : "/issues/") + issue.path("number").asLong();
        }
        JsonNode run = payload.path("workflow_run");
        if (run.path("id").canConvertToLong()) {
            return base + "/runs/" + run.path("id").asLong();
        }
        JsonNode job = payload.path("workflow_job");
        if (job.path("run_id").canConvertToLong()) {
            return base + "/runs/" + job.path("run_id").asLong();
        }
        return base;
    }

    /**
     * The key as words of a dotted routing key (RabbitMQ topic exchanges) or subject (NATS): each part of the path one word, dots in
     * names (a repository may be called {@code my.app}) made underscores, so {@code octo-org.hello-world.pull.42}.
     */
    static String dotted(String key) {
        StringBuilder out = new StringBuilder(key.length());
        for (String part : key.split("/")) {
            if (!out.isEmpty()) {
                out.append('.');
            }
            // dots separate words; * and # (RabbitMQ) and > (NATS) are wildcards there
            out.append(part.replace('.', '_').replace('*', '_').replace('#', '_').replace('>', '_').replace(' ', '_'));
        }
        return out.toString();
    }

    /** The key as levels of an MQTT topic: {@code octo-org/hello-world/pull/42}, with no wildcard characters. */
    static String levels(String key) {
        return key.replace('+', '_').replace('#', '_');
    }

    private static String text(JsonNode node) {
        return node.isTextual() && !node.textValue().isEmpty() ? node.textValue() : null;
    }
}
