package dev.webhooker.signin;

/** The chat platforms whose users link a GitHub account: their table of links (seed layout) and state field. */
public enum ChatPlatform {
    DISCORD("discord_links", "discord_user_id", "discordUserId", "Discord"),
    TELEGRAM("telegram_links", "telegram_user_id", "telegramUserId", "Telegram");

    private final String table;
    private final String column;
    private final String stateField;
    private final String displayName;

    ChatPlatform(String table, String column, String stateField, String displayName) {
        this.table = table;
        this.column = column;
        this.stateField = stateField;
        this.displayName = displayName;
    }

    String table() {
        return table;
    }

    String column() {
        return column;
    }

    /** The field of the pending OAuth state that names the chat user. */
    String stateField() {
        return stateField;
    }

    public String displayName() {
        return displayName;
    }

    /** The audit action prefix: {@code discord.link}, {@code telegram.unlink}… */
    String auditName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
