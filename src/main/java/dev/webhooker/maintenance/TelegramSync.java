package dev.webhooker.maintenance;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The telegram-sync job (control-plane.md §6.5): points the bot's webhook at
 * {@code {BASE_URL}/telegram/webhook}, with the secret Telegram must echo when one is configured.
 * It calls setWebhook on every tick rather than comparing with getWebhookInfo first: that reply does not
 * show the secret, so a changed TELEGRAM_WEBHOOK_SECRET would never be sent; setWebhook with the same
 * values is a no-op for Telegram, and pending updates are never dropped.
 */
public class TelegramSync {

    private static final Logger log = LoggerFactory.getLogger(TelegramSync.class);

    public enum Result { SKIPPED, OK, ERROR }

    private final JsonApiClient api;
    private final String token;
    private final String baseUrl;
    private final String secret;
    private final String apiUrl;

    public TelegramSync(HttpClient http, ObjectMapper mapper, String token, String baseUrl, String secret, String apiUrl,
            Duration requestTimeout) {
        this.api = new JsonApiClient(http, mapper, requestTimeout);
        this.token = blankToNull(token);
        this.baseUrl = stripSlash(blankToNull(baseUrl));
        this.secret = blankToNull(secret);
        this.apiUrl = stripSlash(apiUrl);
    }

    public Result run() {
        if (token == null) {
            log.info("telegram-sync skipped: TELEGRAM_TOKEN is not set");
            return Result.SKIPPED;
        }
        if (baseUrl == null) {
            log.info("telegram-sync skipped: BASE_URL is not set");
            return Result.SKIPPED;
        }
        try {
            JsonApiClient.Reply reply = api.send("POST", URI.create(apiUrl + "/bot" + token + "/setWebhook"),
                    Map.of(), setWebhookBody());
            if (reply.ok() && reply.body().path("ok").asBoolean(false)) {
                log.debug("telegram-sync: webhook set to {}/telegram/webhook", baseUrl);
                return Result.OK;
            }
            log.warn("telegram-sync: setWebhook failed: {}", reply.reason());
            return Result.ERROR;
        } catch (IOException | RuntimeException e) {
            // never log the request URL: it contains the bot token
            log.warn("telegram-sync: setWebhook failed: {}", e.getMessage());
            return Result.ERROR;
        }
    }

    ObjectNode setWebhookBody() {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("url", baseUrl + "/telegram/webhook");
        if (secret != null) {
            body.put("secret_token", secret);
        }
        List.of("message").forEach(body.putArray("allowed_updates")::add);
        body.put("drop_pending_updates", false);
        return body;
    }

    private static String stripSlash(String value) {
        if (value == null) {
            return null;
        }
        String v = value;
        while (v.endsWith("/")) {
            v = v.substring(0, v.length() - 1);
        }
        return v;
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}
