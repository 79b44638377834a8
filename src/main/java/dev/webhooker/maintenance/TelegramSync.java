package dev.webhooker.maintenance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.platform.ApiReply;
import dev.webhooker.platform.telegram.TelegramClient;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * The telegram-sync job: points the bot's webhook at {@code {BASE_URL}/telegram/webhook} with TELEGRAM_WEBHOOK_SECRET,
 * through the {@link TelegramClient}, and only when something differs.
 * getWebhookInfo shows the url and the update types but never the secret, so the SHA-256 of the settings
 * last sent is kept in KV {@code config:telegram-webhook}: a changed secret is sent too. Pending updates are
 * never dropped. Without a secret the webhook is not set at all: the endpoint would refuse every update.
 */
public class TelegramSync {

    private static final Logger log = LoggerFactory.getLogger(TelegramSync.class);
    /** Commands in groups and private chats, and {@code /gh claim} posted in a channel. */
    private static final List<String> ALLOWED_UPDATES = List.of("message", "channel_post");

    public enum Result { SKIPPED, UNCHANGED, OK, ERROR }

    private final TelegramClient telegram;
    private final KvStore kv;
    private final String baseUrl;
    private final String secret;

    public TelegramSync(TelegramClient telegram, KvStore kv, String baseUrl, String secret) {
        this.telegram = telegram;
        this.kv = kv;
        this.baseUrl = stripSlash(blankToNull(baseUrl));
        this.secret = blankToNull(secret);
    }

    public Result run() {
        if (!telegram.hasToken()) {
            log.info("telegram-sync skipped: TELEGRAM_TOKEN is not set");
            return Result.SKIPPED;
        }
        if (baseUrl == null) {
            log.info("telegram-sync skipped: BASE_URL is not set");
            return Result.SKIPPED;
        }
        if (secret == null) {
            log.info("telegram-sync skipped: TELEGRAM_WEBHOOK_SECRET is not set, and /telegram/webhook refuses updates without it");
            return Result.SKIPPED;
        }
        try {
            String fingerprint = fingerprint();
            ApiReply info = telegram.webhookInfo();
            if (info.ok() && matches(info.body().path("result"))
                    && kv.get(KvKeys.TELEGRAM_WEBHOOK.key()).map(fingerprint::equals).orElse(false)) {
                log.debug("telegram-sync: webhook already set to {}/telegram/webhook", baseUrl);
                return Result.UNCHANGED;
            }
            ApiReply reply = telegram.setWebhook(setWebhookBody());
            if (reply.ok() && reply.body().path("ok").asBoolean(false)) {
                kv.put(KvKeys.TELEGRAM_WEBHOOK.key(), fingerprint, KvKeys.TELEGRAM_WEBHOOK.ttl());
                log.info("telegram-sync: webhook set to {}/telegram/webhook", baseUrl);
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

    private boolean matches(JsonNode info) {
        if (!(baseUrl + "/telegram/webhook").equals(info.path("url").asText())) {
            return false;
        }
        JsonNode allowed = info.path("allowed_updates");
        if (!allowed.isArray() || allowed.size() != ALLOWED_UPDATES.size()) {
            return false;
        }
        java.util.Set<String> given = new java.util.HashSet<>();
        allowed.forEach(update -> given.add(update.asText()));
        return given.containsAll(ALLOWED_UPDATES);
    }

    ObjectNode setWebhookBody() {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("url", baseUrl + "/telegram/webhook");
        body.put("secret_token", secret);
        ALLOWED_UPDATES.forEach(body.putArray("allowed_updates")::add);
        body.put("drop_pending_updates", false);
        return body;
    }

    private String fingerprint() {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(
                    (baseUrl + "\n" + secret + "\n" + String.join(",", ALLOWED_UPDATES)).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
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
