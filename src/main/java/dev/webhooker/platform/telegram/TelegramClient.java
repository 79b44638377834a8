package dev.webhooker.platform.telegram;

import static java.util.concurrent.CompletableFuture.completedFuture;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

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
 * The one client of the Telegram Bot API ({@code {TELEGRAM_API_URL}/bot{TELEGRAM_TOKEN}/{method}}), shared by every
 * feature that talks to Telegram, so they share the application's one HTTP client, its connect and request timeouts
 * and the bot's rate limits: the delivery route sends and edits messages through our own {@code telegram:} component
 * ({@link TelegramProducer}: sendMessage, sendPhoto, editMessageText, editMessageCaption; and
 * {@link TelegramThreadOpener}: getChat and createForumTopic when a pull request's thread is opened); the chat
 * commands reply through it, ask for the bot's name and a member's status; the chat-link flow answers through it;
 * the telegram-sync job points the bot's webhook at this service.
 * <p>
 * The platforms' {@link OutboundHttp} rather than camel-telegram: we need {@code link_preview_options},
 * {@code message_thread_id} on every method, the error {@code description} and
 * {@code parameters.retry_after} of each answer, and a timeout per call.
 * <p>
 * A 429 blocks the chat for {@code parameters.retry_after} seconds (where Telegram puts it, not at the top level of
 * the answer); waits up to the cap are waited for (without holding a thread), longer ones return
 * {@code RATE_LIMITED}. Telegram does not say how much of its published rates is left, so every call also takes a
 * token of the chat's, the group's and the bot's quota ({@link RateLimits}, shared by the instances).
 */
public class TelegramClient {

    /** Telegram's bot FAQ: about one message a second in a chat, 20 a minute in a group, about 30 a second in all. */
    static final Quota CHAT = new Quota("telegram:chat", 1, Duration.ofSeconds(1));
    static final Quota GROUP = new Quota("telegram:group", 20, Duration.ofMinutes(1));
    static final Quota BOT = new Quota("telegram:bot", 30, Duration.ofSeconds(1));

    private final OutboundHttp http;
    private final ObjectMapper json;
    private final String baseUrl;
    private final String token;
    private final PlatformCallSettings settings;
    private final RateLimits limits;
    private final Quota.Use botQuota;

    public TelegramClient(OutboundHttp http, ObjectMapper json, String baseUrl, String token,
                          PlatformCallSettings settings, RateLimits limits) {
        this.http = http;
        this.json = json;
        this.baseUrl = baseUrl.replaceAll("/+$", "");
        this.token = token;
        this.settings = settings;
        this.limits = limits;
        this.botQuota = BOT.of(Quota.fingerprint(token == null ? "" : token));
    }

    /** Calls {@code method} with {@code body}, which carries {@code chat_id}. */
    public CompletableFuture<SendOutcome> call(String method, ObjectNode body) {
        return exchange(method, body, true).thenApply(Answered::outcome);
    }

    /** getChat: the chat, whose {@code is_forum} tells a forum supergroup; or the failure that answered instead. */
    public CompletableFuture<Answered> chat(String chatId) {
        return exchange("getChat", json.createObjectNode().put("chat_id", chatId), false);
    }

    /** createForumTopic named {@code name} in a forum supergroup: the answer's {@code message_thread_id} is the topic. */
    public CompletableFuture<Answered> createForumTopic(String chatId, String name) {
        return exchange("createForumTopic", json.createObjectNode().put("chat_id", chatId).put("name", name), false);
    }

    /** An answer and its {@code result} (null when it had none, or was a failure). */
    public record Answered(SendOutcome outcome, JsonNode result) {

        static Answered of(SendOutcome outcome) {
            return new Answered(outcome, null);
        }
    }

    /**
     * One call under the bot's rate limits; a {@code message} also takes the chat's and the group's quota, which
     * Telegram sets for messages (a read, or the topic a message is about to open, takes only the bot's). A 429 blocks
     * the chat for every call. No thread waits for the turn or the answer; the request is built once, on the caller's
     * thread with its trace, and sent again after a 429 whose wait is within the cap.
     */
    private CompletableFuture<Answered> exchange(String method, ObjectNode body, boolean message) {
        String chatId = body.path("chat_id").asText("");
        if (chatId.isBlank()) {
            return completedFuture(Answered.of(SendOutcome.failure(ErrorCode.NO_TARGET, null, "Telegram target has no chatId", 0)));
        }
        if (token == null || token.isBlank()) {
            return completedFuture(Answered.of(SendOutcome.failure(ErrorCode.NO_TOKEN, null, "TELEGRAM_TOKEN is not set", 0)));
        }
        String key = "telegram:" + chatId;
        List<String> blocks = List.of(key);
        List<Quota.Use> quotas = message ? quotas(chatId) : List.of(botQuota);
        String payload = body.toString();
        // the URL holds the bot's token: the record names the method only
        CallRecord record = CallRecord.request("POST", baseUrl + "/bot…/" + method, Map.of(), payload);
        OutboundHttp.Request request = OutboundHttp.Request.of("POST", URI.create(baseUrl + "/bot" + token + "/" + method),
                DeliveryTracing.traced(Map.of("Content-Type", "application/json")), payload, settings.requestTimeout());
        return CallTries.send(http, request, settings.maxTries(), () -> limits.admit(settings.rateLimitCap(), blocks, quotas),
                new CallTries.Answers<>() {
                    @Override
                    public Answered deferred(Duration wait, String reason, int tries) {
                        return Answered.of(SendOutcome.rateLimited(wait, null, "Telegram " + reason, tries));
                    }

                    @Override
                    public Answered unanswered(IOException e, int tries) {
                        // the message may contain the URL, and so the token: keep only the exception type
                        String error = e instanceof SocketTimeoutException ? "Telegram timed out after " + settings.requestTimeout()
                                : "Telegram unreachable: " + e.getClass().getSimpleName();
                        return Answered.of(SendOutcome.failure(ErrorCode.NETWORK, null, error, tries).withCall(record));
                    }

                    @Override
                    public Try<Answered> answered(OutboundHttp.Reply response, int tries) {
                        return TelegramClient.this.answered(response, key, record, tries);
                    }
                });
    }

    /** What an answer comes to: final, or (a 429 whose wait is within the cap) to be tried again. */
    private Try<Answered> answered(OutboundHttp.Reply response, String key, CallRecord record, int tries) {
        int status = response.status();
        CallRecord answered = record.answered(status, response.body());
        JsonNode answer = parse(response.body());
        String description = answer == null ? null : answer.path("description").asText(null);
        String error = PlatformCallSettings.errorText(description != null ? description : "HTTP " + status);
        if (status == 429) {
            Duration retryAfter = retryAfter(answer);
            limits.block(key, retryAfter);
            if (retryAfter.compareTo(settings.rateLimitCap()) > 0) {
                return Try.last(Answered.of(SendOutcome.rateLimited(retryAfter, 429, error, tries).withCall(answered)));
            }
            return Try.again(Answered.of(SendOutcome.failure(ErrorCode.RETRIES, 429, error, tries).withCall(answered)));
        }
        if (status >= 200 && status < 300 && (answer == null || answer.path("ok").asBoolean(true))) {
            JsonNode result = answer == null ? null : answer.get("result");
            JsonNode id = result == null ? null : result.get("message_id");
            return Try.last(new Answered(SendOutcome.success(status, id == null || id.isNull() ? null : id.asText(), tries)
                    .withCall(answered), result));
        }
        ErrorCode code = status >= 500 ? TelegramErrors.TELEGRAM_5XX : TelegramErrors.TELEGRAM_ERROR;
        return Try.last(Answered.of(SendOutcome.failure(code, status, error, tries).withCall(answered)));
    }

    /**
     * The status of {@code userId} in {@code chatId} ({@code creator}, {@code administrator}, {@code member},
     * {@code restricted}, {@code left} or {@code kicked}) from getChatMember; empty when Telegram cannot be asked or
     * does not answer with one (a caller then refuses what needed the answer).
     */
    public Optional<String> memberStatus(String chatId, String userId) {
        if (!hasToken()) {
            return Optional.empty();
        }
        try {
            ApiReply answer = bot("POST", "getChatMember", json.createObjectNode().put("chat_id", chatId).put("user_id", userId));
            if (answer.status() != 200 || !answer.body().path("ok").asBoolean(false)) {
                return Optional.empty();
            }
            String status = answer.body().path("result").path("status").asText("");
            return status.isEmpty() ? Optional.empty() : Optional.of(status);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Whether TELEGRAM_TOKEN is set: the bot's calls are made only with it. */
    public boolean hasToken() {
        return token != null && !token.isBlank();
    }

    /** getMe: the bot itself, whose username commands may name ({@code /gh@bot}). */
    public ApiReply me() throws IOException {
        return bot("GET", "getMe", null);
    }

    /** getWebhookInfo: where Telegram sends the bot's updates, and which (never the secret). */
    public ApiReply webhookInfo() throws IOException {
        return bot("GET", "getWebhookInfo", null);
    }

    /** setWebhook with {@code webhook}: its url, secret_token, allowed_updates… */
    public ApiReply setWebhook(ObjectNode webhook) throws IOException {
        return bot("POST", "setWebhook", webhook);
    }

    /** A bot call that is not a delivery; its IOException never carries the URL, which holds the token. */
    private ApiReply bot(String httpMethod, String method, ObjectNode body) throws IOException {
        if (!hasToken()) {
            throw new IOException("TELEGRAM_TOKEN is not set");
        }
        return ApiReply.call(http, json, httpMethod, URI.create(baseUrl + "/bot" + token.trim() + "/" + method),
                settings.requestTimeout(), Map.of(), body);
    }

    /** Scarcest first. A group's id is negative (a supergroup's starts with -100); a public channel can be {@code @name}. */
    private List<Quota.Use> quotas(String chatId) {
        Quota.Use chat = CHAT.of(chatId);
        boolean group = chatId.startsWith("-") || chatId.startsWith("@");
        return group ? List.of(GROUP.of(chatId), chat, botQuota) : List.of(chat, botQuota);
    }

    private static Duration retryAfter(JsonNode answer) {
        JsonNode value = answer == null ? null : answer.path("parameters").path("retry_after");
        if (value == null || !value.isNumber()) {
            return Duration.ofSeconds(1);
        }
        return RetryAfter.seconds(value.asDouble());
    }

    private JsonNode parse(String body) {
        try {
            return body == null || body.isBlank() ? null : json.readTree(body);
        } catch (IOException e) {
            return null;
        }
    }
}
