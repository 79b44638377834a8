package dev.webhooker.chat.telegram;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicReference;

import jakarta.servlet.http.HttpServletRequest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.chat.ChatWork;
import dev.webhooker.chat.LimitedBody;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * {@code POST /telegram/webhook}: without TELEGRAM_WEBHOOK_SECRET no
 * update is run at all (403, and a log line saying why); otherwise the {@code X-Telegram-Bot-Api-Secret-Token}
 * header must match (401). Each {@code update_id} is run once: a resent update is answered 200 and ignored.
 * The command runs after the answer, so a slow GitHub never makes Telegram resend.
 */
@RestController
class TelegramWebhookController {

    private static final Duration WARNING_INTERVAL = Duration.ofMinutes(10);

    private static final Logger LOG = LoggerFactory.getLogger(TelegramWebhookController.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final byte[] secret;
    private final TelegramCommands commands;
    private final KvStore kv;
    private final ChatWork work;
    private final Clock clock;
    private final AtomicReference<Instant> lastWarning = new AtomicReference<>(Instant.EPOCH);

    TelegramWebhookController(TelegramSettings settings, TelegramCommands commands, KvStore kv, ChatWork telegramCommandWork) {
        this.secret = settings.webhookSecret() == null ? null : settings.webhookSecret().getBytes(StandardCharsets.UTF_8);
        this.commands = commands;
        this.kv = kv;
        this.work = telegramCommandWork;
        this.clock = settings.clock();
    }

    @PostMapping("/telegram/webhook")
    ResponseEntity<String> update(HttpServletRequest request) throws IOException {
        if (request.getContentLengthLong() > LimitedBody.MAX_BYTES) {
            return text(413, "Request too large");
        }
        if (secret == null) {
            warnUnverifiable();
            return text(403, "Telegram commands are disabled: TELEGRAM_WEBHOOK_SECRET is not set");
        }
        String given = request.getHeader("X-Telegram-Bot-Api-Secret-Token");
        if (given == null || !MessageDigest.isEqual(secret, given.getBytes(StandardCharsets.UTF_8))) {
            return text(401, "Invalid secret");
        }
        Optional<byte[]> body = LimitedBody.read(request);
        if (body.isEmpty()) {
            return text(413, "Request too large");
        }
        JsonNode update;
        try {
            update = JSON.readTree(body.get());
        } catch (IOException e) {
            return text(400, "Invalid JSON");
        }
        if (update == null || !update.path("update_id").isIntegralNumber()) {
            return text(400, "Invalid update: no update_id");
        }
        String key = KvKeys.TELEGRAM_UPDATE.key(update.path("update_id").asText());
        if (!kv.putIfAbsent(key, "1", KvKeys.TELEGRAM_UPDATE.ttl())) {
            LOG.info("Telegram update {} received again; not run twice", update.path("update_id").asText());
            return text(200, "ok");
        }
        try {
            work.execute(() -> {
                try {
                    commands.handle(update);
                } catch (RuntimeException e) {
                    LOG.warn("Telegram update {} failed", update.path("update_id").asText(), e);
                }
            });
        } catch (RejectedExecutionException busy) {
            // not taken: Telegram resends it later, and then it may run
            kv.delete(key);
            return text(503, "Busy; send again later");
        }
        return text(200, "ok");
    }

    private void warnUnverifiable() {
        Instant now = clock.instant();
        Instant last = lastWarning.get();
        if (now.isAfter(last.plus(WARNING_INTERVAL)) && lastWarning.compareAndSet(last, now)) {
            LOG.warn("Telegram update refused: TELEGRAM_WEBHOOK_SECRET is not set, so no update can be verified and no command runs");
        }
    }

    private static ResponseEntity<String> text(int status, String message) {
        return ResponseEntity.status(status).contentType(MediaType.TEXT_PLAIN).body(message);
    }
}
