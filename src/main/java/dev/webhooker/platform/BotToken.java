package dev.webhooker.platform;

/**
 * The bot token a platform's chat targets need: the platform, the setting it is read from and its value (null or
 * blank when it is not set). A platform package whose bot posts with a token declares it as a bean, so that routes
 * sending there without one are named at start ({@link MissingTokens}).
 */
public record BotToken(String platform, String setting, String value) {

    public boolean missing() {
        return value == null || value.isBlank();
    }
}
