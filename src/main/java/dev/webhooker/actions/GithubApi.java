package dev.webhooker.actions;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The REST calls behind each {@link Action}, made with a user's token, each within a time limit, and the
 * classification of GitHub's answer. Status 0 stands for "no answer" (timeout or network).
 */
final class GithubApi {

    record Reply(int status, JsonNode body, boolean rateLimited) {
        boolean ok() {
            return status >= 200 && status < 300;
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final String apiUrl;
    private final Duration timeout;

    GithubApi(HttpClient http, String apiUrl, Duration timeout) {
        this.http = http;
        this.apiUrl = apiUrl.trim().replaceAll("/+$", "");
        this.timeout = timeout;
    }

    Reply perform(String token, Action action) {
        ForgeLink t = action.target();
        String repo = t == null ? null : "/repos/" + segment(t.owner()) + "/" + segment(t.repo());
        ObjectNode body = JSON.createObjectNode();
        return switch (action.kind()) {
            case COMMENT -> send(token, "POST", repo + "/issues/" + t.number() + "/comments", body.put("body", action.text()));
            case EDIT_COMMENT -> send(token, "PATCH", repo + "/issues/comments/" + t.commentId(), body.put("body", action.text()));
            case DELETE_COMMENT -> send(token, "DELETE", repo + "/issues/comments/" + t.commentId(), null);
            case READ_COMMENT -> send(token, "GET", repo + "/issues/comments/" + t.commentId(), null);
            case MERGE -> send(token, "PUT", repo + "/pulls/" + t.number() + "/merge", body.put("merge_method", action.text()));
            case CLOSE -> send(token, "PATCH", repo + "/pulls/" + t.number(), body.put("state", "closed"));
            case READ_PULL -> send(token, "GET", repo + "/pulls/" + t.number(), null);
            case REACT -> send(token, "POST", repo + "/issues/" + t.number() + "/reactions", body.put("content", action.text()));
            case READ_USER -> send(token, "GET", "/user", null);
        };
    }

    /** 401 → the token is dead; 403 → refused (or GitHub's rate limit); 404; 405/409 → conflict; 422; the rest → unavailable. */
    static ActionError classify(Reply reply) {
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
    static String explanation(Reply reply) {
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

    private Reply send(String token, String method, String path, JsonNode body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(apiUrl + path))
                .timeout(timeout)
                .header("Accept", "application/vnd.github+json")
                .header("X-GitHub-Api-Version", "2022-11-28")
                .header("User-Agent", "webhooker")
                .header("Authorization", "Bearer " + token);
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body.toString()));
        }
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            return new Reply(0, MissingNode.getInstance(), false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Reply(0, MissingNode.getInstance(), false);
        }
        boolean limited = response.statusCode() == 403
                && response.headers().firstValue("x-ratelimit-remaining").map(String::trim).filter("0"::equals).isPresent()
                || response.statusCode() == 403 && response.body() != null
                && response.body().toLowerCase(Locale.ROOT).contains("secondary rate limit");
        return new Reply(response.statusCode(), parse(response.body()), limited);
    }

    private static JsonNode parse(String body) {
        if (body == null || body.isBlank()) {
            return MissingNode.getInstance();
        }
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            return MissingNode.getInstance();
        }
    }

    private static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
