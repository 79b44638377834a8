package dev.webhooker.format;

/**
 * User-supplied one-line text (a PR or issue title, a commit subject, a release name) placed into the
 * neutral Markdown so that it shows as typed: every character that could start Markdown is
 * backslash-escaped. The renderers' shared parser resolves the escapes, so Telegram shows the bare
 * character and Discord, which understands the same escapes, gets them as written; neither shows a
 * backslash. A title like {@code **[click](https://evil.example)**} can then neither masquerade as a
 * link nor turn bold.
 *
 * <p>Bodies and comment excerpts are not escaped: they are Markdown by nature on GitHub and Gitea and are
 * shown as the quoted excerpt of what their author wrote.
 */
public final class LiteralText {

    /** Markdown's openers on Discord and in the neutral dialect; all are escapable there. */
    private static final String SPECIAL = "\\`*_~|[]<>";

    private LiteralText() {
    }

    /** {@code text} with Markdown characters escaped; null stays null. Never use inside a code span (no escapes there). */
    public static String escape(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (SPECIAL.indexOf(c) >= 0) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }
}
