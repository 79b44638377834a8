package dev.webhooker.actions;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.github.GithubClient;

/**
 * The GitHub REST call behind each {@link Action}, made with a user's token through the {@link GithubClient}, and what
 * GitHub's answer means for the action.
 */
final class ActionCalls {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final GithubClient github;

    ActionCalls(GithubClient github) {
        this.github = github;
    }

    GithubClient.Reply perform(String token, Action action) {
        ForgeLink t = action.target();
        String repo = t == null ? null : "/repos/" + segment(t.owner()) + "/" + segment(t.repo());
        ObjectNode body = JSON.createObjectNode();
        return switch (action.kind()) {
            case COMMENT -> github.asUser(token, "POST", repo + "/issues/" + t.number() + "/comments", body.put("body", action.text()));
            case EDIT_COMMENT -> github.asUser(token, "PATCH", repo + "/issues/comments/" + t.commentId(), body.put("body", action.text()));
            case DELETE_COMMENT -> github.asUser(token, "DELETE", repo + "/issues/comments/" + t.commentId(), null);
            case READ_COMMENT -> github.asUser(token, "GET", repo + "/issues/comments/" + t.commentId(), null);
            case MERGE -> github.asUser(token, "PUT", repo + "/pulls/" + t.number() + "/merge", body.put("merge_method", action.text()));
            case CLOSE -> github.asUser(token, "PATCH", repo + "/pulls/" + t.number(), body.put("state", "closed"));
            case READ_PULL -> github.asUser(token, "GET", repo + "/pulls/" + t.number(), null);
            case REACT -> github.asUser(token, "POST", repo + "/issues/" + t.number() + "/reactions", body.put("content", action.text()));
            case READ_USER -> github.asUser(token, "GET", "/user", null);
        };
    }

    /** 401 → the token is dead; 403 → refused (or GitHub's rate limit); 404; 405/409 → conflict; 422; the rest → unavailable. */
    static ActionError classify(GithubClient.Reply reply) {
        int status = reply.status();
        if (reply.rateLimited() || status == 429) {
            return ActionError.RATE_LIMITED;
        }
        return switch (status) {
            case 401 -> ActionError.TOKEN_EXPIRED;
            case 403 -> ActionError.FORBIDDEN;
            case 404 -> ActionError.NOT_FOUND;
            case 405, 409 -> ActionError.CONFLICT;
            case 422 -> ActionError.INVALID;
            default -> ActionError.UNAVAILABLE;
        };
    }

    /** GitHub's own short explanation, kept only for refusals a user can understand (405, 409, 422). */
    static String explanation(GithubClient.Reply reply) {
        int status = reply.status();
        if (status != 405 && status != 409 && status != 422) {
            return null;
        }
        String message = reply.body().path("message").asText("");
        if (message.isBlank()) {
            return null;
        }
        message = message.strip();
        return message.length() > 200 ? message.substring(0, 200) + "…" : message;
    }

    private static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
