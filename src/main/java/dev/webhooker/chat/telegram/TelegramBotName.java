package dev.webhooker.chat.telegram;

import java.io.IOException;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.webhooker.platform.ApiReply;
import dev.webhooker.platform.telegram.TelegramClient;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * The bot's username (getMe, through the {@link TelegramClient}), for recognising {@code /gh@thisbot} and building
 * the {@code t.me} link that opens a private chat. Cached in KV {@code config:telegram-bot} for a day; unknown while Telegram cannot be
 * asked (then {@code /gh@…} is not taken).
 */
class TelegramBotName {

    private static final Logger LOG = LoggerFactory.getLogger(TelegramBotName.class);

    private final TelegramClient telegram;
    private final KvStore kv;

    TelegramBotName(TelegramClient telegram, KvStore kv) {
        this.telegram = telegram;
        this.kv = kv;
    }

    Optional<String> username() {
        Optional<String> cached = kv.get(KvKeys.TELEGRAM_BOT.key());
        if (cached.isPresent() || !telegram.hasToken()) {
            return cached;
        }
        try {
            ApiReply reply = telegram.me();
            String name = reply.body().path("result").path("username").asText("");
            if (reply.status() == 200 && name.matches("[A-Za-z0-9_]{1,64}")) {
                kv.put(KvKeys.TELEGRAM_BOT.key(), name, KvKeys.TELEGRAM_BOT.ttl());
                return Optional.of(name);
            }
            LOG.info("Telegram getMe gave no username (HTTP {})", reply.status());
        } catch (IOException e) {
            // its message names the failure, never the URL, which holds the bot token
            LOG.info("Telegram getMe failed: {}", e.getMessage());
        }
        return Optional.empty();
    }
}
