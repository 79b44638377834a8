package dev.webhooker.platform.discord;

import dev.webhooker.platform.markup.MarkdownNode;
import dev.webhooker.platform.markup.NeutralMarkdown;
import dev.webhooker.platform.markup.Utf16Text;
import dev.webhooker.platform.markup.WebUrls;
import java.util.List;
import java.util.Optional;

/**
 * Discord text from the neutral Markdown: the author's Markdown is kept (Discord renders it), links whose
 * URL Discord would not accept are reduced to their label, and text longer than a limit is shortened on
 * construct boundaries: a link is kept whole or its label shortened, a code span or bold run is closed,
 * an escape or a surrogate pair is never split, and an ellipsis marks the cut.
 */
final class DiscordMarkdown {

    static final String ELLIPSIS = "…";

    private DiscordMarkdown() {
    }

    /** {@code markdown} cleaned (see class comment) and cut to at most {@code max} UTF-16 units. */
    static String fit(String markdown, int max) {
        if (markdown == null || markdown.isEmpty()) {
            return "";
        }
        List<MarkdownNode> nodes = NeutralMarkdown.parseInline(markdown);
        StringBuilder whole = new StringBuilder();
        write(nodes, whole);
        if (whole.length() <= max) {
            return whole.toString();
        }
        if (max < ELLIPSIS.length()) {
            return "";
        }
        StringBuilder cut = new StringBuilder();
        cut(nodes, max - ELLIPSIS.length(), cut);
        return cut.toString().stripTrailing() + ELLIPSIS;
    }

    private static void write(List<MarkdownNode> nodes, StringBuilder out) {
        for (MarkdownNode node : nodes) {
            write(node, out);
        }
    }

    private static void write(MarkdownNode node, StringBuilder out) {
        if (node instanceof MarkdownNode.Text t) {
            out.append(t.source());
        } else if (node instanceof MarkdownNode.Code c) {
            out.append(c.fence()).append(c.text()).append(c.fence());
        } else if (node instanceof MarkdownNode.Bold b) {
            out.append("**");
            write(b.children(), out);
            out.append("**");
        } else if (node instanceof MarkdownNode.Link l) {
            Optional<String> url = WebUrls.web(l.url());
            if (url.isPresent()) {
                out.append('[');
                write(l.label(), out);
                out.append("](").append(l.urlSource()).append(')');
            } else {
                write(l.label(), out);
            }
        } else if (node instanceof MarkdownNode.Quote q) {
            out.append("> ");
            write(q.children(), out);
        }
    }

    private static String written(MarkdownNode node) {
        StringBuilder out = new StringBuilder();
        write(node, out);
        return out.toString();
    }

    /** Appends the longest clean prefix of {@code nodes} that fits {@code budget}; false when something was cut. */
    private static boolean cut(List<MarkdownNode> nodes, int budget, StringBuilder out) {
        int start = out.length();
        for (MarkdownNode node : nodes) {
            String whole = written(node);
            int left = budget - (out.length() - start);
            if (whole.length() <= left) {
                out.append(whole);
                continue;
            }
            cutInside(node, left, out);
            return false;
        }
        return true;
    }

    private static void cutInside(MarkdownNode node, int left, StringBuilder out) {
        if (node instanceof MarkdownNode.Text t) {
            if (!t.isEscape()) {
                out.append(Utf16Text.prefix(t.source(), left));
            }
        } else if (node instanceof MarkdownNode.Code c) {
            int inner = left - 2 * c.fence().length();
            // A backtick next to the closing fence would change where the span ends.
            String text = stripTrailing(Utf16Text.prefix(c.text(), inner), '`');
            if (!text.isBlank()) {
                out.append(c.fence()).append(text).append(c.fence());
            }
        } else if (node instanceof MarkdownNode.Bold b) {
            StringBuilder inner = new StringBuilder();
            cut(b.children(), left - 4, inner);
            String text = inner.toString().stripTrailing();
            if (!text.isEmpty() && left >= 5) {
                out.append("**").append(text).append("**");
            }
        } else if (node instanceof MarkdownNode.Link l) {
            if (WebUrls.web(l.url()).isEmpty()) {
                cut(l.label(), left, out);
                return;
            }
            int fixed = l.urlSource().length() + 4;
            StringBuilder label = new StringBuilder();
            if (left > fixed) {
                cut(l.label(), left - fixed, label);
            }
            if (!label.toString().isBlank()) {
                out.append('[').append(label).append("](").append(l.urlSource()).append(')');
            }
        } else if (node instanceof MarkdownNode.Quote q) {
            if (left > 2) {
                out.append("> ");
                cut(q.children(), left - 2, out);
            }
        }
    }

    private static String stripTrailing(String s, char c) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == c) {
            end--;
        }
        return s.substring(0, end);
    }

    /** Plain text for places where Discord shows no Markdown and no links (button labels). */
    static String plain(String markdown, int max) {
        String text = NeutralMarkdown.plainText(markdown);
        if (text.length() <= max) {
            return text;
        }
        return Utf16Text.prefix(text, max - ELLIPSIS.length()).stripTrailing() + ELLIPSIS;
    }
}
