package dev.webhooker.format;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns user-written bodies (Markdown, often with HTML from issue templates) into short excerpts for a
 * chat message. Excerpts are taken from the cleaned text, not the raw body, so template
 * comments never show and the "..." marker reflects what was really cut.
 */
public final class BodyText {

    public static final int BODY_EXCERPT = 300;
    public static final int COMMENT_EXCERPT = 500;
    public static final int REVIEW_COMMENT_EXCERPT = 400;
    public static final int COMMIT_SUBJECT = 200;

    private static final Pattern LINE_BREAK_TAG = Pattern.compile("(?i)<br\\s*/?>|<table[^>]*>");
    private static final Pattern BLOCK_END_TAG = Pattern.compile("(?i)</(?:p|div|tr|h[1-6]|ul|ol|table|blockquote)\\s*>");
    private static final Pattern CELL_END_TAG = Pattern.compile("(?i)</t[dh]\\s*>");
    private static final Pattern LIST_ITEM_TAG = Pattern.compile("(?i)<li(?:\\s[^>]*)?>");
    private static final Pattern HTML_COMMENT = Pattern.compile("<!--[\\s\\S]*?(?:-->|$)");
    // Only things that look like tags: a lone "<" in prose ("a < b") is kept.
    private static final Pattern OTHER_TAG = Pattern.compile("</?[A-Za-z][^<>]*>|<![^<>]*>");
    private static final Pattern NUMERIC_ENTITY = Pattern.compile("&#(?:[xX]([0-9A-Fa-f]{1,6})|([0-9]{1,7}));");
    private static final Pattern TRAILING_SPACES = Pattern.compile("(?m)[ \\t]+$");
    private static final Pattern MANY_NEWLINES = Pattern.compile("\\n{3,}");
    private static final String FENCE = "```";

    private BodyText() {
    }

    public static String htmlToText(String html) {
        if (html == null) {
            return "";
        }
        String text = html.replace("\r\n", "\n");
        text = HTML_COMMENT.matcher(text).replaceAll("");
        text = LINE_BREAK_TAG.matcher(text).replaceAll("\n");
        text = BLOCK_END_TAG.matcher(text).replaceAll("\n");
        text = CELL_END_TAG.matcher(text).replaceAll("  ");
        text = LIST_ITEM_TAG.matcher(text).replaceAll("\n• ");
        text = OTHER_TAG.matcher(text).replaceAll("");
        text = decodeEntities(text);
        text = TRAILING_SPACES.matcher(text).replaceAll("");
        text = MANY_NEWLINES.matcher(text).replaceAll("\n\n");
        return text.strip();
    }

    /** "\n\n" + the first {@code max} characters of the cleaned body (+ "..."), or "" when the body is empty. */
    public static String paragraphExcerpt(String body, int max) {
        String excerpt = excerpt(body, max);
        return excerpt.isEmpty() ? "" : "\n\n" + excerpt;
    }

    /** The cleaned body as a Markdown quote (every line quoted), after a blank line; "" when empty. */
    public static String quotedExcerpt(String body, int max) {
        String excerpt = excerpt(body, max);
        if (excerpt.isEmpty()) {
            return "";
        }
        return "\n\n> " + excerpt.replace("\n", "\n> ");
    }

    /** First line of a commit message, at most 200 characters; null when there is no text. */
    public static String commitSubject(String message) {
        if (message == null) {
            return null;
        }
        String firstLine = message.strip().split("\\R", 2)[0].strip();
        return firstLine.isEmpty() ? null : TextCut.cap(firstLine, COMMIT_SUBJECT);
    }

    static String excerpt(String body, int max) {
        String clean = htmlToText(body);
        if (clean.isEmpty()) {
            return "";
        }
        if (clean.length() <= max) {
            return clean;
        }
        String cut = TextCut.cap(clean, max);
        // A fence opened inside the excerpt and cut before its end would swallow the rest of the message.
        if (countFences(cut) % 2 == 1) {
            cut = cut + "\n" + FENCE;
        }
        return cut + "...";
    }

    private static int countFences(String text) {
        int count = 0;
        for (int at = text.indexOf(FENCE); at >= 0; at = text.indexOf(FENCE, at + FENCE.length())) {
            count++;
        }
        return count;
    }

    private static String decodeEntities(String text) {
        String decoded = text.replace("&nbsp;", " ").replace("&lt;", "<").replace("&gt;", ">")
                .replace("&quot;", "\"").replace("&apos;", "'").replace("&#39;", "'");
        Matcher matcher = NUMERIC_ENTITY.matcher(decoded);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            int codePoint = matcher.group(1) != null
                    ? Integer.parseInt(matcher.group(1), 16)
                    : Integer.parseInt(matcher.group(2));
            String replacement = Character.isValidCodePoint(codePoint) && codePoint != 0
                    ? new String(Character.toChars(codePoint))
                    : matcher.group();
            matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(out);
        // &amp; last, so "&amp;lt;" becomes the literal text "&lt;" rather than "<".
        return out.toString().replace("&amp;", "&");
    }
}
