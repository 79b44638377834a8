package dev.webhooker.platform.slack;

/** Block Kit's limits (Slack's reference for message blocks); a message over any of them is refused with invalid_blocks. */
final class SlackLimits {

    static final int BLOCKS = 50;
    static final int SECTION_TEXT = 3000;
    static final int SECTION_FIELDS = 10;
    static final int FIELD_TEXT = 2000;
    static final int CONTEXT_ELEMENTS = 10;
    static final int CONTEXT_TEXT = 2000;
    static final int IMAGE_URL = 3000;
    static final int ALT_TEXT = 2000;
    /** The top-level text, the notification and fallback: Slack cuts it at 40,000; a title needs far less. */
    static final int FALLBACK_TEXT = 3000;
    /** Discord's title cap, so a title reads the same on every platform. */
    static final int TITLE = 256;
    static final int FIELD_NAME = 256;

    private SlackLimits() {
    }
}
