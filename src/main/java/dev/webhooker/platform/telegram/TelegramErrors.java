package dev.webhooker.platform.telegram;

import dev.webhooker.delivery.ErrorCode;

/** Telegram's answers that are not a success: it refused (4xx), or failed on its side (5xx). */
final class TelegramErrors {

    /** The Bot API refused the request (chat not found, bot was kicked, can't parse entities…). */
    static final ErrorCode TELEGRAM_ERROR = ErrorCode.refusedBy("telegram");
    static final ErrorCode TELEGRAM_5XX = ErrorCode.serverErrorOf("telegram");

    private TelegramErrors() {
    }
}
