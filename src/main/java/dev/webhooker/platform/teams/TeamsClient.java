package dev.webhooker.platform.teams;

import java.net.URI;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.webhook.EndpointPoster;

/**
 * Posts a card to a Teams workflow or incoming-webhook URL through the {@link EndpointPoster} (its address guard and
 * per-URL waits). A workflow answers 202, the legacy connector 200 with {@code 1}, or a 200 whose text says the post
 * failed ("Microsoft Teams endpoint returned HTTP error 413…"), which is read as that failure. 429 waits its
 * {@code Retry-After} (Teams allows a webhook about four posts a second), 5xx is retried, other answers are final. A
 * workflow gives no message id back, so a Teams target is never edited in place; a post whose answer was lost may
 * show twice.
 */
public class TeamsClient {

    private final EndpointPoster poster;

    public TeamsClient(EndpointPoster poster) {
        this.poster = poster;
    }

    /** Posts {@code message}; no thread waits for the answer. */
    public CompletableFuture<SendOutcome> post(URI url, ObjectNode message) {
        return poster.post("teams", url, Map.of(), message.toString(), null).thenApply(result -> result.recorded(outcome(result)));
    }

    private static SendOutcome outcome(EndpointPoster.Result result) {
        if (result.failure() != null) {
            return result.failure();
        }
        EndpointPoster.Answer answer = result.answer();
        if (answer.ok() && answer.text().contains("returned HTTP error")) {
            boolean server = answer.text().matches("(?s).*returned HTTP error 5\\d\\d.*");
            return SendOutcome.failure(server ? TeamsErrors.TEAMS_5XX : TeamsErrors.TEAMS_ERROR, answer.status(), answer.describe(), 1);
        }
        return answer.outcome(TeamsErrors.TEAMS_ERROR, TeamsErrors.TEAMS_5XX);
    }
}
