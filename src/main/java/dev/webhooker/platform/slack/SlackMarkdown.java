package dev.webhooker.platform.slack;

import java.util.List;
import java.util.Optional;

import dev.webhooker.platform.markup.MarkdownNode;
import dev.webhooker.platform.markup.NeutralMarkdown;
import dev.webhooker.platform.markup.Utf16Text;
import dev.webhooker.platform.markup.WebUrls;

/**
 * Slack mrkdwn from the neutral Markdown: {@code **bold**} becomes {@code *bold*}, {@code [label](url)} becomes
 * {@code <url|label>}, code spans and {@code > } quotes stay, and {@code &}, {@code <} and {@code >} in text are
 * escaped as Slack asks (its only escapes). Text longer than a limit is cut between constructs — a link, code span or
 * bold run is kept whole or left out, text is cut between characters — and an ellipsis marks the cut.
 */
final class SlackMarkdown {

    static final String ELLIPSIS = "…";

    private SlackMarkdown() {
    }

    /** {@code markdown} as mrkdwn of at most {@code max} UTF-16 units. */
    static String fit(String markdown, int max) {
        if (markdown == null || markdown.isEmpty()) {
            return "";
        }
        List<MarkdownNode> nodes = NeutralMarkdown.parseBlocks(markdown);
        StringBuilder whole = new StringBuilder();
        nodes.forEach(node -> whole.append(write(node)));
        if (whole.length() <= max) {
            return whole.toString();
        }
        StringBuilder cut = new StringBuilder();
        int budget = max - ELLIPSIS.length();
        for (MarkdownNode node : nodes) {
            String written = write(node);
            if (cut.length() + written.length() <= budget) {
                cut.append(written);
                continue;
            }
            if (node instanceof MarkdownNode.Text t) {
                cut.append(escapedPrefix(t.text(), budget - cut.length()));
            }
            break;
        }
        return cut.toString().stripTrailing() + ELLIPSIS;
    }

    /** Plain text (markers removed) escaped for a mrkdwn or plain_text field, cut to {@code max}. */
    static String plain(String markdown, int max) {
        String text = NeutralMarkdown.plainText(markdown == null ? "" : markdown);
        if (escape(text).length() <= max) {
            return escape(text);
        }
        return escapedPrefix(text, max - ELLIPSIS.length()).stripTrailing() + ELLIPSIS;
    }

    private static String write(MarkdownNode node) {
        if (node instanceof MarkdownNode.Text t) {
            return escape(t.text());
        }
        if (node instanceof MarkdownNode.Code c) {
            // a backtick inside would end the span early; Slack has no longer fences for inline code
            return "`" + escape(c.text().replace('`', '\'')) + "`";
        }
        if (node instanceof MarkdownNode.Bold b) {
            StringBuilder inner = new StringBuilder();
            b.children().forEach(child -> inner.append(write(child)));
            String text = inner.toString().strip();
            return text.isEmpty() ? "" : "*" + text + "*";
        }
        if (node instanceof MarkdownNode.Link l) {
            String label = plainLabel(l.label());
            Optional<String> url = WebUrls.web(l.url());
            if (url.isEmpty()) {
                return escape(label);
            }
            // | and > end the URL part of <url|label>; percent-encoded they still lead to the same place
            String target = url.get().replace("|", "%7C").replace(">", "%3E").replace("<", "%3C");
            return label.isBlank() ? "<" + target + ">" : "<" + target + "|" + escape(label).replace("|", "¦") + ">";
        }
        if (node instanceof MarkdownNode.Quote q) {
            StringBuilder inner = new StringBuilder();
            q.children().forEach(child -> inner.append(write(child)));
            return "> " + inner.toString().replace("\n", "\n> ");
        }
        return "";
    }

    private static String plainLabel(List<MarkdownNode> label) {
        StringBuilder out = new StringBuilder();
        for (MarkdownNode node : label) {
            if (node instanceof MarkdownNode.Text t) {
                out.append(t.text());
            } else if (node instanceof MarkdownNode.Code c) {
                out.append(c.text());
            } else if (node instanceof MarkdownNode.Bold b) {
                out.append(plainLabel(b.children()));
            } else if (node instanceof MarkdownNode.Link l) {
                out.append(plainLabel(l.label()));
            }
        }
        return out.toString();
    }

    /** The longest prefix of {@code text} whose escaped form fits {@code budget}, escaped. */
    private static String escapedPrefix(String text, int budget) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            int next = Character.isHighSurrogate(text.charAt(i)) && i + 1 < text.length() ? i + 2 : i + 1;
            String piece = escape(text.substring(i, next));
            if (out.length() + piece.length() > budget) {
                break;
            }
            out.append(piece);
            i = next;
        }
        return out.toString();
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** At most {@code max} units of already-safe text (a URL, a label), never splitting a surrogate pair. */
    static String cap(String text, int max) {
        return text.length() <= max ? text : Utf16Text.prefix(text, max - ELLIPSIS.length()) + ELLIPSIS;
    }
}
