package dev.webhooker.actions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

/**
 * What became of an action: done (with GitHub's answer) or refused with an {@link ActionError}.
 * {@code githubMessage} is GitHub's own short explanation of a 405/409/422 ("Pull Request is not
 * mergeable"), which is safe to show; never an exception text of ours.
 */
public record ActionOutcome(ActionError error, JsonNode body, String githubMessage) {

    public static ActionOutcome done(JsonNode body) {
        return new ActionOutcome(null, body == null ? MissingNode.getInstance() : body, null);
    }

    public static ActionOutcome refused(ActionError error) {
        return new ActionOutcome(error, MissingNode.getInstance(), null);
    }

    public static ActionOutcome refused(ActionError error, String githubMessage) {
        return new ActionOutcome(error, MissingNode.getInstance(), githubMessage);
    }

    public boolean ok() {
        return error == null;
    }

    /** A field of GitHub's answer as text ({@code html_url}, {@code body}); empty when absent. */
    public String field(String name) {
        JsonNode value = body.path(name);
        return value.isValueNode() ? value.asText() : "";
    }
}
