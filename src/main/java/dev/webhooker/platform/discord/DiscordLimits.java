package dev.webhooker.platform.discord;

/** Discord's message and embed limits (fixtures/platform-limits.md); breaking any of them is a 400. */
public final class DiscordLimits {

    public static final int CONTENT = 2000;
    public static final int TITLE = 256;
    public static final int DESCRIPTION = 4096;
    public static final int FIELDS = 25;
    public static final int FIELD_NAME = 256;
    public static final int FIELD_VALUE = 1024;
    public static final int FOOTER_TEXT = 2048;
    public static final int AUTHOR_NAME = 256;
    /** Sum of title, description, field names and values, footer text and author name. */
    public static final int EMBED_TOTAL = 6000;
    public static final int CUSTOM_ID = 100;
    public static final int BUTTON_LABEL = 80;
    public static final int BUTTONS_PER_ROW = 5;
    public static final int ACTION_ROWS = 5;
    public static final int ALLOWED_MENTION_ROLES = 100;
    /** allowed_mentions.users: at most 100 ids. */
    public static final int ALLOWED_MENTION_USERS = 100;

    private DiscordLimits() {
    }
}
