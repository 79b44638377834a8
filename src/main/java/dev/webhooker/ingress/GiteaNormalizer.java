package dev.webhooker.ingress;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Brings a Gitea delivery to the GitHub shape routing and formatting expect: one event
 * rename and a few copied fields, so filters (keyword included) see them. Nothing else is mapped.
 * The payload is changed in place.
 */
final class GiteaNormalizer {

    static final String REVIEW_COMMENT = "pull_request_comment";

    /** @return the event name to use from now on */
    public String normalize(String giteaEvent, ObjectNode payload) {
        switch (giteaEvent) {
            case "push" -> normalizePush(payload);
            case REVIEW_COMMENT -> {
                normalizeReviewComment(payload);
                return "pull_request_review_comment";
            }
            case "commit_comment" -> normalizeCommitComment(payload);
            default -> {
                // every other Gitea event already carries the GitHub name and shape
            }
        }
        return giteaEvent;
    }

    private static void normalizePush(ObjectNode payload) {
        if (truthy(payload.get("compare_url")) && !payload.has("compare")) {
            payload.set("compare", payload.get("compare_url"));
        }
        if (!truthy(payload.get("sender")) && present(payload.get("pusher"))) {
            payload.set("sender", payload.get("pusher").deepCopy());
        }
    }

    private static void normalizeReviewComment(ObjectNode payload) {
        if (!present(payload.get("pull_request")) && present(payload.get("issue"))) {
            payload.set("pull_request", payload.get("issue").deepCopy());
        }
        if (payload.get("comment") instanceof ObjectNode comment && !comment.has("position") && comment.has("line")) {
            comment.set("position", comment.get("line"));
        }
    }

    private static void normalizeCommitComment(ObjectNode payload) {
        if (payload.get("comment") instanceof ObjectNode comment && !truthy(comment.get("commit_id"))
                && payload.path("commit_id").isTextual()) {
            comment.set("commit_id", payload.get("commit_id"));
        }
    }

    private static boolean present(JsonNode node) {
        return node != null && !node.isNull();
    }

    /** JavaScript truthiness, which the original's conditions use. */
    private static boolean truthy(JsonNode node) {
        if (node == null || node.isNull()) {
            return false;
        }
        if (node.isTextual()) {
            return !node.textValue().isEmpty();
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isNumber()) {
            return node.doubleValue() != 0 && !Double.isNaN(node.doubleValue());
        }
        return true;
    }
}
