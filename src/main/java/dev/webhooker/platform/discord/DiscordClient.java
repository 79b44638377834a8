package dev.webhooker.platform.discord;

import static java.util.concurrent.CompletableFuture.completedFuture;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.delivery.CallRecord;
import dev.webhooker.delivery.DeliveryTracing;
import dev.webhooker.delivery.ErrorCode;
import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.ApiReply;
import dev.webhooker.platform.CallTries;
import dev.webhooker.platform.CallTries.Try;
import dev.webhooker.platform.OutboundHttp;
import dev.webhooker.platform.PlatformCallSettings;
import dev.webhooker.platform.RetryAfter;
import dev.webhooker.platform.limits.Quota;
import dev.webhooker.platform.limits.RateLimits;

/**
 * The one client of Discord's REST API (DISCORD_API_URL, DISCORD_TOKEN), shared by every feature that talks to
 * Discord, so they share the application's one HTTP client, its connect and request timeouts and the bot's rate
 * limits: the delivery route creates and edits channel messages through the {@code discord:} component
 * ({@link DiscordProducer}; a thread is addressed as its own channel); the interactions endpoint edits its deferred
 * replies and removes spent buttons; the discord-sync job registers the command tree.
 * <p>
 * The platforms' {@link OutboundHttp}: the engine needs the status, the rate-limit headers and the body of every
 * answer as data (not as exceptions) and a timeout on every call. The message calls are asynchronous: no thread is
 * held while a call waits for its turn or its answer.
 * <p>
 * Rate limits of messages: Discord groups routes into buckets named by
 * {@code X-RateLimit-Bucket}, per major parameter (the channel). When a bucket has
 * {@code X-RateLimit-Remaining: 0}, or a 429 answers, the bucket is blocked for
 * {@code Reset-After} / {@code retry_after} seconds in the shared {@link RateLimits}; a global 429
 * blocks every call. A wait up to the cap is waited for; a longer one returns {@code RATE_LIMITED}.
 * 5xx and network errors are not retried here: the engine's retry schedule does that durably.
 */
public class DiscordClient {

    private static final String GLOBAL = "discord:global";
    /** Discord's global limit: 50 requests a second per bot. Its headers tell the rest, per bucket. */
    static final Quota BOT = new Quota("discord:bot", 50, Duration.ofSeconds(1));

    private final OutboundHttp http;
    private final ObjectMapper json;
    private final String baseUrl;
    private final String token;
    private final PlatformCallSettings settings;
    private final RateLimits limits;
    private final Quota.Use botQuota;
    /** route (method + path template) → Discord's bucket id, learned from the answers */
    private final Map<String, String> bucketOfRoute = new ConcurrentHashMap<>();

    public DiscordClient(OutboundHttp http, ObjectMapper json, String baseUrl, String token,
                         PlatformCallSettings settings, RateLimits limits) {
        this.http = http;
        this.json = json;
        this.baseUrl = baseUrl.replaceAll("/+$", "");
        this.token = token;
        this.settings = settings;
        this.limits = limits;
        this.botQuota = BOT.of(Quota.fingerprint(token == null ? "" : token));
    }

    /** Whether DISCORD_TOKEN is set: the bot's calls are made only with it. */
    public boolean hasToken() {
        return token != null && !token.isBlank();
    }

    /** POST /channels/{channelId}/messages. */
    public CompletableFuture<SendOutcome> createMessage(String channelId, ObjectNode body) {
        if (!id(channelId)) {
            return notAnId("channel", channelId);
        }
        return call("POST", "/channels/" + channelId + "/messages", "POST /channels/{id}/messages", channelId, body);
    }

    /** PATCH /channels/{channelId}/messages/{messageId}. */
    public CompletableFuture<SendOutcome> editMessage(String channelId, String messageId, ObjectNode body) {
        if (!id(channelId) || !id(messageId)) {
            return notAnId(id(channelId) ? "message" : "channel", id(channelId) ? messageId : channelId);
        }
        return call("PATCH", "/channels/" + channelId + "/messages/" + messageId,
                "PATCH /channels/{id}/messages/{id}", channelId, body);
    }

    /** POST /channels/{channelId}/messages/{messageId}/threads: a thread on that message, whose id is the message's. */
    public CompletableFuture<SendOutcome> startThread(String channelId, String messageId, ObjectNode body) {
        if (!id(channelId) || !id(messageId)) {
            return notAnId(id(channelId) ? "message" : "channel", id(channelId) ? messageId : channelId);
        }
        return call("POST", "/channels/" + channelId + "/messages/" + messageId + "/threads",
                "POST /channels/{id}/messages/{id}/threads", channelId, body);
    }

    /**
     * GET /channels/{channelId}: the channel, whose {@code type} tells a text channel (0) from one made of posts (a
     * forum, 15, or media channel, 16); or the failure that answered instead.
     */
    public CompletableFuture<Answered> channel(String channelId) {
        if (!id(channelId)) {
            return notAnId("channel", channelId).thenApply(Answered::of);
        }
        return exchange("GET", "/channels/" + channelId, "GET /channels/{id}", channelId, null);
    }

    /**
     * POST /channels/{channelId}/threads in a forum or media channel: a post, {@code {"name", "message"}}, whose
     * first message carries the id of the post's thread.
     */
    public CompletableFuture<SendOutcome> startForumPost(String channelId, ObjectNode post) {
        if (!id(channelId)) {
            return notAnId("channel", channelId);
        }
        return call("POST", "/channels/" + channelId + "/threads", "POST /channels/{id}/threads", channelId, post);
    }

    /** An answer and its JSON (null when it had none, or was a failure). */
    public record Answered(SendOutcome outcome, JsonNode body) {

        static Answered of(SendOutcome outcome) {
            return new Answered(outcome, null);
        }
    }

    /**
     * PATCH /webhooks/{applicationId}/{interactionToken}/messages/@original: the reply to an interaction that was
     * deferred. The interaction token authorises it (for 15 minutes), not the bot's.
     */
    public ApiReply editInteractionReply(String applicationId, String interactionToken, ObjectNode body) throws IOException {
        return ApiReply.call(http, json, "PATCH", URI.create(baseUrl + "/webhooks/" + applicationId + "/" + interactionToken
                + "/messages/@original"), settings.requestTimeout(), Map.of(), body);
    }

    /** GET /oauth2/applications/@me: the bot's own application, whose id the commands are registered under. */
    public ApiReply application() throws IOException {
        return asBot("GET", "/oauth2/applications/@me", null);
    }

    /**
     * PUT /applications/{applicationId}/commands, or …/guilds/{guildId}/commands when {@code guildId} is not null:
     * replaces the registered commands with {@code commands}.
     */
    public ApiReply overwriteCommands(String applicationId, String guildId, Object commands) throws IOException {
        return asBot("PUT", "/applications/" + applicationId + (guildId == null ? "" : "/guilds/" + guildId) + "/commands",
                commands);
    }

    /**
     * GET /users/@me/guilds: a page of up to {@code limit} of the bot's guilds, those after the guild {@code after}
     * (null: from the first).
     */
    public ApiReply guilds(int limit, String after) throws IOException {
        return asBot("GET", "/users/@me/guilds?limit=" + limit + (after == null ? "" : "&after=" + after), null);
    }

    private ApiReply asBot(String method, String path, Object body) throws IOException {
        if (!hasToken()) {
            throw new IOException("DISCORD_TOKEN is not set");
        }
        return ApiReply.call(http, json, method, URI.create(baseUrl + path), settings.requestTimeout(), Map.of(
                "Authorization", "Bot " + token.trim(),
                "User-Agent", "DiscordBot (https://github.com/webhooker, 1.0)"), body);
    }

    /**
     * Ids go into the request path, which carries the bot's token: only a Discord id (digits) is put there, so no id can
     * turn the request into another endpoint's ({@code 123/messages/456/crosspost}, {@code ../../guilds/1}).
     */
    private static boolean id(String value) {
        return value != null && !value.isEmpty() && value.length() <= 20 && value.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    private static CompletableFuture<SendOutcome> notAnId(String what, String value) {
        if (value == null || value.isBlank()) {
            return completedFuture(SendOutcome.failure(ErrorCode.NO_TARGET, null, "Discord target has no " + what + "Id", 0));
        }
        return completedFuture(SendOutcome.failure(ErrorCode.NO_TARGET, null,
                "not a Discord " + what + " id (digits only): request not made", 0));
    }

    private CompletableFuture<SendOutcome> call(String method, String path, String route, String channelId, ObjectNode body) {
        return exchange(method, path, route, channelId, body).thenApply(Answered::outcome);
    }

    /**
     * One call under the bot's rate limits; {@code body} null sends none (a GET). No thread waits for the turn or
     * the answer; the request, with the delivery's trace, is built once on the caller's thread and sent again after
     * a 429 whose wait is within the cap.
     */
    private CompletableFuture<Answered> exchange(String method, String path, String route, String channelId, ObjectNode body) {
        if (channelId == null || channelId.isBlank()) {
            return completedFuture(Answered.of(SendOutcome.failure(ErrorCode.NO_TARGET, null, "Discord target has no channelId", 0)));
        }
        if (token == null || token.isBlank()) {
            return completedFuture(Answered.of(SendOutcome.failure(ErrorCode.NO_TOKEN, null, "DISCORD_TOKEN is not set", 0)));
        }
        String payload = body == null ? null : body.toString();
        // the bot's token goes in a header, never into the record
        CallRecord record = CallRecord.request(method, baseUrl + path, Map.of(), payload);
        OutboundHttp.Request request = OutboundHttp.Request.of(method, URI.create(baseUrl + path),
                DeliveryTracing.traced(Map.of("Authorization", "Bot " + token, "Content-Type", "application/json")), payload,
                settings.requestTimeout());
        List<Quota.Use> quotas = List.of(botQuota);
        return CallTries.send(http, request, settings.maxTries(),
                () -> limits.admit(settings.rateLimitCap(), List.of(GLOBAL, bucketKey(route, channelId)), quotas),
                new CallTries.Answers<>() {
                    @Override
                    public Answered deferred(Duration wait, String reason, int tries) {
                        return Answered.of(SendOutcome.rateLimited(wait, null, "Discord " + reason, tries));
                    }

                    @Override
                    public Answered unanswered(IOException e, int tries) {
                        String error = e instanceof SocketTimeoutException ? "Discord timed out after " + settings.requestTimeout()
                                : "Discord unreachable: " + e.getClass().getSimpleName()
                                        + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")");
                        return Answered.of(SendOutcome.failure(ErrorCode.NETWORK, null, error, tries).withCall(record));
                    }

                    @Override
                    public Try<Answered> answered(OutboundHttp.Reply response, int tries) {
                        return DiscordClient.this.answered(response, route, channelId, record, tries);
                    }
                });
    }

    /** What an answer comes to: final, or (a 429 whose wait is within the cap) to be tried again. */
    private Try<Answered> answered(OutboundHttp.Reply response, String route, String channelId, CallRecord record, int tries) {
        remember(route, channelId, response);
        int status = response.status();
        CallRecord answered = record.answered(status, response.body());
        if (status == 429) {
            Duration retryAfter = retryAfter(response);
            boolean global = isGlobal(response);
            limits.block(global ? GLOBAL : bucketKey(route, channelId), retryAfter);
            if (retryAfter.compareTo(settings.rateLimitCap()) > 0) {
                return Try.last(Answered.of(SendOutcome.rateLimited(retryAfter, 429, PlatformCallSettings.errorText(response.body()), tries)
                        .withCall(answered)));
            }
            return Try.again(Answered.of(SendOutcome.failure(ErrorCode.RETRIES, 429, "Max retries exceeded: "
                    + PlatformCallSettings.errorText(response.body()), tries).withCall(answered)));
        }
        if (status >= 200 && status < 300) {
            JsonNode answer = parse(response.body());
            String id = answer == null || !answer.hasNonNull("id") ? null : answer.get("id").asText();
            return Try.last(new Answered(SendOutcome.success(status, id, tries).withCall(answered), answer));
        }
        ErrorCode code = status >= 500 ? DiscordErrors.DISCORD_5XX : DiscordErrors.DISCORD_ERROR;
        return Try.last(Answered.of(SendOutcome.failure(code, status, PlatformCallSettings.errorText(response.body()), tries)
                .withCall(answered)));
    }

    /** Learns the route's bucket, and blocks the bucket when its last request was used up. */
    private void remember(String route, String channelId, OutboundHttp.Reply response) {
        response.header("X-RateLimit-Bucket").ifPresent(bucket -> bucketOfRoute.put(route, bucket));
        Optional<String> remaining = response.header("X-RateLimit-Remaining");
        Optional<String> resetAfter = response.header("X-RateLimit-Reset-After");
        if (remaining.isPresent() && resetAfter.isPresent() && "0".equals(remaining.get().trim())) {
            RetryAfter.header(resetAfter, Instant.now()).ifPresent(wait -> limits.block(bucketKey(route, channelId), wait));
        }
    }

    private String bucketKey(String route, String channelId) {
        return "discord:" + bucketOfRoute.getOrDefault(route, route) + ":" + channelId;
    }

    private Duration retryAfter(OutboundHttp.Reply response) {
        JsonNode body = parse(response.body());
        if (body != null && body.path("retry_after").isNumber()) {
            return RetryAfter.seconds(body.path("retry_after").asDouble());
        }
        return RetryAfter.header(response.header("Retry-After"), Instant.now()).orElse(Duration.ofSeconds(1));
    }

    private boolean isGlobal(OutboundHttp.Reply response) {
        if (response.header("X-RateLimit-Global").map("true"::equalsIgnoreCase).orElse(false)) {
            return true;
        }
        JsonNode body = parse(response.body());
        return body != null && body.path("global").asBoolean(false);
    }

    private JsonNode parse(String body) {
        try {
            return body == null || body.isBlank() ? null : json.readTree(body);
        } catch (IOException e) {
            return null;
        }
    }
}
