package dev.webhooker.format;

import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

import dev.webhooker.routing.WebhookEvent;

/**
 * The pull request or issue an event is about, which a target with {@code threads: true} keeps in one thread: its
 * {@code key} ({@code owner/repo#number}; pull requests and issues share one number space per repository, so the key
 * needs no kind) and a {@code title} for the thread's name.
 *
 * <p>Events about a pull request or issue, and their comments and reviews, name it in the payload; a CI run (workflow
 * run, check run or suite) belongs to the first pull request its payload lists, which GitHub fills only for pull
 * requests from the same repository. Pushes, releases and the rest belong to no thread. Events of the custom provider
 * never do: their payload has no agreed shape.
 */
public record ThreadSubject(String key, String title) {

    /** Longest title kept: Discord's limit on a thread's name. */
    public static final int TITLE_MAX = 100;

    public static Optional<ThreadSubject> of(WebhookEvent event) {
        if (event == null || event.payload() == null || "custom".equals(event.provider())) {
            return Optional.empty();
        }
        JsonNode payload = event.payload();
        String repo = payload.path("repository").path("full_name").asText("");
        if (repo.isBlank()) {
            return Optional.empty();
        }
        JsonNode subject = switch (event.event() == null ? "" : event.event()) {
            // Gitea names a review by its verdict
            case "pull_request", "pull_request_review", "pull_request_review_comment", "pull_request_review_thread",
                 "pull_request_approved", "pull_request_rejected", "pull_request_comment" -> payload.path("pull_request");
            case "issues", "issue_comment" -> payload.path("issue");
            case "workflow_run" -> payload.path("workflow_run").path("pull_requests").path(0);
            case "check_run" -> payload.path("check_run").path("pull_requests").path(0);
            case "check_suite" -> payload.path("check_suite").path("pull_requests").path(0);
            default -> null;
        };
        if (subject == null || !subject.path("number").canConvertToLong() || subject.path("number").asLong() <= 0) {
            return Optional.empty();
        }
        long number = subject.path("number").asLong();
        String named = subject.path("title").asText("").strip().replaceAll("\\s+", " ");
        String title = named.isEmpty() ? repo + "#" + number : "#" + number + " " + named;
        return Optional.of(new ThreadSubject(repo + "#" + number, TextCut.shorten(title, TITLE_MAX)));
    }
}
