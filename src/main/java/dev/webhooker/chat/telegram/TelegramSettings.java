package dev.webhooker.chat.telegram;

import java.time.Clock;

/** TELEGRAM_WEBHOOK_SECRET (null when unset) and the clock of the endpoint's warnings. */
record TelegramSettings(String webhookSecret, Clock clock) {

    TelegramSettings {
        webhookSecret = webhookSecret == null || webhookSecret.isBlank() ? null : webhookSecret.trim();
    }
}
