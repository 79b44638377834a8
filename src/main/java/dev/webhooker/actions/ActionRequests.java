package dev.webhooker.actions;

import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Reads the bodies of {@code POST /api/comment|merge|close|react} strictly:
 * a JSON object with the endpoint's fields only, owner and repository names GitHub would accept, issue and
 * pull numbers that are positive integers, a comment body of at most {@value Action#MAX_COMMENT_LENGTH}
 * characters, a merge method and a reaction from their closed sets.
 */
final class ActionRequests {

    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final Pattern OWNER = Pattern.compile("[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})");
    private static final Pattern REPO = Pattern.compile("[A-Za-z0-9._-]{1,100}");

    private ActionRequests() {
    }

    static Action comment(String raw) {
        JsonNode body = object(raw, List.of("owner", "repo", "issueNumber", "body"));
        return Action.comment(ForgeLink.githubIssue(owner(body), repo(body), number(body, "issueNumber")), text(body));
    }

    static Action merge(String raw) {
        JsonNode body = object(raw, List.of("owner", "repo", "pullNumber", "method"));
        String method = optional(body, "method");
        if (method != null && !Action.MERGE_METHODS.contains(method)) {
            throw new ActionRequestException("method", "expected one of " + String.join(", ", Action.MERGE_METHODS));
        }
        return Action.merge(ForgeLink.githubPull(owner(body), repo(body), number(body, "pullNumber")), method);
    }

    static Action close(String raw) {
        JsonNode body = object(raw, List.of("owner", "repo", "pullNumber"));
        return Action.close(ForgeLink.githubPull(owner(body), repo(body), number(body, "pullNumber")));
    }

    static Action react(String raw) {
        JsonNode body = object(raw, List.of("owner", "repo", "issueNumber", "reaction"));
        String reaction = optional(body, "reaction");
        if (reaction == null || !Action.REACTIONS.contains(reaction)) {
            throw new ActionRequestException("reaction", "expected one of " + String.join(", ", Action.REACTIONS));
        }
        return Action.react(ForgeLink.githubIssue(owner(body), repo(body), number(body, "issueNumber")), reaction);
    }

    private static JsonNode object(String raw, List<String> fields) {
        JsonNode body;
        try {
            body = raw == null || raw.isBlank() ? null : JSON.readTree(raw);
        } catch (JsonProcessingException e) {
            throw new ActionRequestException(null, "the body is not valid JSON (line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr() + ")");
        }
        if (body == null || !body.isObject()) {
            throw new ActionRequestException(null, "the body must be a JSON object with " + String.join(", ", fields));
        }
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!fields.contains(name)) {
                throw new ActionRequestException(name, "unknown field (expected " + String.join(", ", fields) + ")");
            }
        }
        return body;
    }

    private static String owner(JsonNode body) {
        String owner = required(body, "owner");
        if (!OWNER.matcher(owner).matches()) {
            throw new ActionRequestException("owner", "not a GitHub user or organisation name");
        }
        return owner;
    }

    private static String repo(JsonNode body) {
        String repo = required(body, "repo");
        if (!REPO.matcher(repo).matches() || repo.equals(".") || repo.equals("..")) {
            throw new ActionRequestException("repo", "not a GitHub repository name");
        }
        return repo;
    }

    private static long number(JsonNode body, String field) {
        JsonNode value = body.get(field);
        if (value == null || !value.isIntegralNumber() || !value.canConvertToLong() || value.asLong() <= 0) {
            throw new ActionRequestException(field, "expected a positive integer");
        }
        return value.asLong();
    }

    private static String text(JsonNode body) {
        String text = required(body, "body");
        if (text.length() > Action.MAX_COMMENT_LENGTH) {
            throw new ActionRequestException("body", "at most " + Action.MAX_COMMENT_LENGTH + " characters");
        }
        return text;
    }

    private static String required(JsonNode body, String field) {
        String value = optional(body, field);
        if (value == null || value.isBlank()) {
            throw new ActionRequestException(field, "required, a non-empty string");
        }
        return value;
    }

    private static String optional(JsonNode body, String field) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new ActionRequestException(field, "expected a string, got " + value.getNodeType().name().toLowerCase(Locale.ROOT));
        }
        return value.asText();
    }
}
