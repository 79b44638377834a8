package dev.webhooker.platform.telegram;

/**
 * Bot API text limits, in UTF-16 code units of the visible text (after entity parsing), as Telegram
 * counts them (fixtures/platform-limits.md).
 */
public final class TelegramLimits {

    public static final int MESSAGE_TEXT = 4096;
    public static final int CAPTION = 1024;

    private TelegramLimits() {
    }
}
