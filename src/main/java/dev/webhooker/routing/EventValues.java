package dev.webhooker.routing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
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

    /** The value a filter of this type tests; empty when the event has none. Keyword always has one. */
    Optional<String> of(FilterType type) {
        String value = switch (type) {
            case EVENT -> event.event();
            case REPO -> text(payload.path("repository").path("full_name"));
            case ACTOR -> text(payload.path("sender").path("login"));
            case ACTION -> text(payload.path("action"));
            case BRANCH -> branch();
            case KEYWORD -> keywordText();
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
