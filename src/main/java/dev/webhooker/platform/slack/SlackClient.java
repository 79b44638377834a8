package dev.webhooker.platform.slack;

import static java.util.concurrent.CompletableFuture.completedFuture;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.delivery.CallRecord;
import dev.webhooker.delivery.DeliveryTracing;
import dev.webhooker.delivery.ErrorCode;
import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.CallTries;
import dev.webhooker.platform.CallTries.Try;
import dev.webhooker.platform.OutboundHttp;
import dev.webhooker.platform.PlatformCallSettings;
import dev.webhooker.platform.RetryAfter;
import dev.webhooker.platform.limits.RateLimits;
import dev.webhooker.platform.webhook.EndpointPoster;

/**
 * The one client of Slack: only the delivery route talks to Slack (through the {@code slack:} component). The bot's
 * calls go through the application's one HTTP client; an incoming webhook is posted through the {@link EndpointPoster}
 * (its URL comes from a route, so it passes the address guard): {@code ok} is delivered; 429 waits its {@code Retry-After}; 5xx is retried; any
 * other answer ({@code no_service}, {@code channel_is_archived}, {@code invalid_payload}…) is final.
 * <p>
 * The bot calls chat.postMessage and chat.update on SLACK_API_URL with SLACK_TOKEN; the message's {@code ts} is its id
 * for the in-place edits of CI runs. Slack answers 200 with {@code ok:false} and an error name for a refusal; a 429
 * blocks the channel for {@code Retry-After} (waits up to the cap are waited for without holding a thread, longer ones
 * reschedule). Slack has no idempotency key: a post whose answer was lost (a timeout) is retried and may show twice,
 * as with Telegram.
 */
public class SlackClient {

    /** Errors of a post that say Slack itself is in trouble, worth another try. */
    private static final Set<String> RETRYABLE = Set.of("internal_error", "fatal_error", "service_unavailable",
            "request_timeout", "ratelimited");

    private final OutboundHttp http;
    private final ObjectMapper json;
    private final String apiUrl;
    private final String token;
    private final PlatformCallSettings settings;
    private final RateLimits limits;
    private final EndpointPoster poster;

    public SlackClient(OutboundHttp http, ObjectMapper json, String apiUrl, String token, PlatformCallSettings settings,
                       RateLimits limits, EndpointPoster poster) {
        this.http = http;
        this.json = json;
        this.apiUrl = apiUrl.replaceAll("/+$", "");
        this.token = token;
        this.settings = settings;
        this.limits = limits;
        this.poster = poster;
    }

    /** Posts to an incoming webhook; no thread waits for the answer. */
    public CompletableFuture<SendOutcome> webhook(SlackRequest request) {
        return poster.post("slack", request.url(), Map.of(), request.message().toString(), null)
                .thenApply(result -> result.recorded(result.failure() != null ? result.failure()
                        : result.answer().outcome(SlackErrors.SLACK_ERROR, SlackErrors.SLACK_5XX)));
    }

    /**
     * chat.postMessage (no {@code ts}) or chat.update of the message {@code ts}, by the bot. No thread waits for the
     * turn or the answer; the request is built once, on the caller's thread with its trace, and sent again after a
     * 429 whose wait is within the cap.
     */
    public CompletableFuture<SendOutcome> api(String method, SlackRequest request) {
        if (request.channel() == null || request.channel().isBlank()) {
            return completedFuture(SendOutcome.failure(ErrorCode.NO_TARGET, null, "Slack target has no channelId", 0));
        }
        if (token == null || token.isBlank()) {
            return completedFuture(SendOutcome.failure(ErrorCode.NO_TOKEN, null, "SLACK_TOKEN is not set", 0));
        }
        ObjectNode body = request.message().deepCopy();
        body.put("channel", request.channel());
        if (request.ts() != null) {
            body.put("ts", request.ts());
            body.remove("unfurl_links");
            body.remove("unfurl_media");
        } else if (request.threadTs() != null) {
            body.put("thread_ts", request.threadTs());
        }
        String key = "slack:" + request.channel();
        String payload = body.toString();
        // the bot's token goes in a header, never into the record
        CallRecord record = CallRecord.request("POST", apiUrl + "/" + method, Map.of(), payload);
        OutboundHttp.Request call = OutboundHttp.Request.of("POST", URI.create(apiUrl + "/" + method),
                DeliveryTracing.traced(Map.of("Content-Type", "application/json; charset=utf-8", "Authorization", "Bearer " + token)),
                payload, settings.requestTimeout());
        return CallTries.send(http, call, settings.maxTries(), () -> limits.admit(settings.rateLimitCap(), List.of(key), List.of()),
                new CallTries.Answers<>() {
                    @Override
                    public SendOutcome deferred(Duration wait, String reason, int tries) {
                        return SendOutcome.rateLimited(wait, null, "Slack " + reason, tries);
                    }

                    @Override
                    public SendOutcome unanswered(IOException e, int tries) {
                        String error = e instanceof SocketTimeoutException ? "Slack timed out after " + settings.requestTimeout()
                                : "Slack unreachable: " + e.getClass().getSimpleName();
                        return SendOutcome.failure(ErrorCode.NETWORK, null, error, tries).withCall(record);
                    }

                    @Override
                    public Try<SendOutcome> answered(OutboundHttp.Reply response, int tries) {
                        return SlackClient.this.answered(response, request, key, record, tries);
                    }
                });
    }

    /** What an answer comes to: final, or (a 429 whose wait is within the cap) to be tried again. */
    private Try<SendOutcome> answered(OutboundHttp.Reply response, SlackRequest request, String key, CallRecord record,
                                      int tries) {
        int status = response.status();
        CallRecord answered = record.answered(status, response.body());
        if (status == 429) {
            Duration retryAfter = RetryAfter.header(response.header("Retry-After"), Instant.now())
                    .orElse(Duration.ofSeconds(1));
            limits.block(key, retryAfter);
            if (retryAfter.compareTo(settings.rateLimitCap()) > 0) {
                return Try.last(SendOutcome.rateLimited(retryAfter, 429, "Slack rate limit", tries).withCall(answered));
            }
            return Try.again(SendOutcome.failure(ErrorCode.RETRIES, 429, "Slack rate limit", tries).withCall(answered));
        }
        if (status >= 500) {
            return Try.last(SendOutcome.failure(SlackErrors.SLACK_5XX, status, "HTTP " + status, tries).withCall(answered));
        }
        JsonNode answer = parse(response.body());
        if (answer != null && answer.path("ok").asBoolean(false)) {
            String ts = answer.path("ts").asText(null);
            return Try.last(SendOutcome.success(status, ts != null ? ts : request.ts(), tries).withCall(answered));
        }
        String error = answer == null ? "HTTP " + status : answer.path("error").asText("HTTP " + status);
        return Try.last(SendOutcome.failure(RETRYABLE.contains(error) ? SlackErrors.SLACK_5XX : SlackErrors.SLACK_ERROR, status,
                PlatformCallSettings.errorText(error), tries).withCall(answered));
    }

    private JsonNode parse(String body) {
        try {
            return body == null || body.isBlank() ? null : json.readTree(body);
        } catch (IOException e) {
            return null;
        }
    }
}
