package dev.webhooker.chat.telegram;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * The bot's username (getMe), for recognising {@code /gh@thisbot} and building the {@code t.me} link that
 * opens a private chat. Cached in KV {@code config:telegram-bot} for a day; unknown while Telegram cannot be
 * asked (then {@code /gh@…} is not taken).
 */
class TelegramBotName {

    private static final Logger LOG = LoggerFactory.getLogger(TelegramBotName.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final String apiUrl;
    private final String token;
    private final Duration timeout;
    private final KvStore kv;

    TelegramBotName(HttpClient http, String apiUrl, String token, Duration timeout, KvStore kv) {
        this.http = http;
        this.apiUrl = apiUrl.trim().replaceAll("/+$", "");
        this.token = token == null || token.isBlank() ? null : token.trim();
        this.timeout = timeout;
        this.kv = kv;
    }

    Optional<String> username() {
        Optional<String> cached = kv.get(KvKeys.TELEGRAM_BOT.key());
        if (cached.isPresent() || token == null) {
            return cached;
        }
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(apiUrl + "/bot" + token + "/getMe"))
                    .timeout(timeout).GET().build(), HttpResponse.BodyHandlers.ofString());
            JsonNode body = JSON.readTree(response.body());
            String name = body.path("result").path("username").asText("");
            if (response.statusCode() == 200 && name.matches("[A-Za-z0-9_]{1,64}")) {
                kv.put(KvKeys.TELEGRAM_BOT.key(), name, KvKeys.TELEGRAM_BOT.ttl());
                return Optional.of(name);
            }
            LOG.info("Telegram getMe gave no username (HTTP {})", response.statusCode());
        } catch (IOException e) {
            // the URL holds the bot token: never logged
            LOG.info("Telegram getMe failed: {}", e.getClass().getSimpleName());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Optional.empty();
    }
}
