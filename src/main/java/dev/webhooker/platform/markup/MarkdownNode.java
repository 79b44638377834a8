package dev.webhooker.platform.markup;

import java.util.List;

/**
 * One piece of the neutral Markdown after parsing. Keeping the structure, instead of
 * rewriting the text with regular expressions, is what lets the renderers escape every piece exactly once
 * and cut long text without splitting a link, a code span or an escape.
 */
public sealed interface MarkdownNode {

    /**
     * Literal text. {@code source} is how it was written (differs from {@code text} only for a backslash
     * escape such as {@code \*}), so Discord gets the author's Markdown back unchanged.
     */
    record Text(String text, String source) implements MarkdownNode {
        public Text(String text) {
            this(text, text);
        }

        public boolean isEscape() {
            return !text.equals(source);
        }
    }

    /** {@code **children**}. */
    record Bold(List<MarkdownNode> children) implements MarkdownNode {
    }

    /** An inline code span; {@code fence} is the run of backticks that delimited it. */
    record Code(String text, String fence) implements MarkdownNode {
    }

    /** {@code [label](url)}; {@code urlSource} is the URL as written (possibly in angle brackets). */
    record Link(List<MarkdownNode> label, String url, String urlSource) implements MarkdownNode {
    }

    /** Lines that started with {@code "> "}, without that prefix (Telegram only; Discord keeps it as text). */
    record Quote(List<MarkdownNode> children) implements MarkdownNode {
    }
}
