package dev.webhooker.routing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The values one event offers to the filters. Made once per event and shared by every
 * route, so the payload text for keyword filters is serialized at most once.
 *
 * <p>A field that is absent, not a JSON string, or empty has no value: the missing-value rule then makes
 * the filter false whatever {@code exclude} says.
 */
final class EventValues {

    private static final ObjectWriter COMPACT_JSON = new ObjectMapper().writer();
    private static final String HEADS_PREFIX = "refs/heads/";

    private final WebhookEvent event;
    private final JsonNode payload;
    private String keywordText;

    EventValues(WebhookEvent event) {
        this.event = event;
        this.payload = event.payload() == null ? JsonNodeFactory.instance.objectNode() : event.payload();
    }

    /**
     * The values a filter of this type tests: the one value of a field type, or each label; none when the event has
     * none. Keyword always has one.
     */
    List<String> all(FilterType type) {
        if (type == FilterType.LABEL) {
            return labels();
        }
        return of(type).map(List::of).orElse(List.of());
    }

    /** The value a filter of a single-valued type tests; empty when the event has none. Keyword always has one. */
    Optional<String> of(FilterType type) {
        String value = switch (type) {
            case EVENT -> event.event();
            case REPO -> text(payload.path("repository").path("full_name"));
            case ACTOR -> text(payload.path("sender").path("login"));
            case ACTION -> text(payload.path("action"));
            case BRANCH -> branch();
            case KEYWORD -> keywordText();
            case LABEL -> throw new IllegalArgumentException("a label filter tests every label: all(LABEL)");
        };
        return value == null || (value.isEmpty() && type != FilterType.KEYWORD) ? Optional.empty() : Optional.of(value);
    }

    private String branch() {
        String eventName = event.event();
        if (eventName == null) {
            return null;
        }
        return switch (eventName) {
            case "push" -> withoutFirstHeadsPrefix(text(payload.path("ref")));
            case "deployment" -> withoutFirstHeadsPrefix(text(payload.path("deployment").path("ref")));
            case "pull_request", "pull_request_review", "pull_request_review_comment" ->
                    text(payload.path("pull_request").path("head").path("ref"));
            // create/delete send a bare name; code_scanning_alert sends refs/heads/… and the original
            // compares it unstripped, so "main" does not match there (kept for compatibility).
            case "create", "delete", "code_scanning_alert" -> text(payload.path("ref"));
            case "workflow_run" -> text(payload.path("workflow_run").path("head_branch"));
            case "workflow_job" -> text(payload.path("workflow_job").path("head_branch"));
            case "check_suite" -> text(payload.path("check_suite").path("head_branch"));
            default -> null;
        };
    }

    /**
     * The names of the labels the pull request or issue carries as the event describes it (after a {@code labeled}
     * or {@code unlabeled} change); a review or comment on a pull request carries its labels too.
     */
    private List<String> labels() {
        JsonNode subject = payload.has("pull_request") ? payload.path("pull_request") : payload.path("issue");
        List<String> names = new ArrayList<>();
        for (JsonNode label : subject.path("labels")) {
            String name = text(label.path("name"));
            if (name != null && !name.isEmpty()) {
                names.add(name);
            }
        }
        return names;
    }

    /** Tag pushes keep {@code refs/tags/…}, so a branch filter never mistakes a tag for a branch. */
    private static String withoutFirstHeadsPrefix(String ref) {
        if (ref == null) {
            return null;
        }
        int at = ref.indexOf(HEADS_PREFIX);
        return at < 0 ? ref : ref.substring(0, at) + ref.substring(at + HEADS_PREFIX.length());
    }

    /**
     * Compact JSON (no spaces), keys in payload order, lower-cased: {@code "draft":true} matches,
     * {@code "draft": true} does not — as in the original.
     */
    private String keywordText() {
        if (keywordText == null) {
            try {
                keywordText = COMPACT_JSON.writeValueAsString(payload).toLowerCase(Locale.ROOT);
            } catch (JsonProcessingException e) {
                // A tree built by Jackson always serializes; should it not, no keyword can match.
                keywordText = "";
            }
        }
        return keywordText;
    }

    private static String text(JsonNode node) {
        return node.isTextual() ? node.textValue() : null;
    }
}
