package dev.webhooker.platform.markup;

import java.util.ArrayList;
import java.util.List;

/**
 * Parser for the small Markdown dialect of {@link dev.webhooker.format.NeutralMessage} texts:
 * {@code **bold**}, {@code `code`} (any backtick fence), {@code [label](url)} (also {@code (<url>)}),
 * backslash escapes of ASCII punctuation, and {@code "> "} quote lines. Anything that does not form a
 * complete construct stays literal text, so parsing never fails and never loses characters.
 */
public final class NeutralMarkdown {

    private static final String ESCAPABLE = "\\`*_{}[]()#+-.!|~<>";

    private NeutralMarkdown() {
    }

    /** Inline constructs only; {@code "> "} stays text (Discord renders quotes itself). */
    public static List<MarkdownNode> parseInline(String markdown) {
        String s = Utf16Text.wellFormed(markdown);
        return new Inline(s, 0, s.length(), true).parse();
    }

    /** Inline constructs plus quote blocks: consecutive lines starting with {@code "> "} become one {@link MarkdownNode.Quote}. */
    public static List<MarkdownNode> parseBlocks(String markdown) {
        String s = Utf16Text.wellFormed(markdown);
        List<MarkdownNode> out = new ArrayList<>();
        String[] lines = s.split("\n", -1);
        StringBuilder plain = new StringBuilder();
        StringBuilder quote = new StringBuilder();
        boolean inQuote = false;
        boolean first = true;
        for (String line : lines) {
            boolean quoted = line.startsWith("> ");
            if (!first && quoted != inQuote) {
                flush(out, plain, quote, inQuote);
                out.add(new MarkdownNode.Text("\n"));
            } else if (!first) {
                (inQuote ? quote : plain).append('\n');
            }
            (quoted ? quote : plain).append(quoted ? line.substring(2) : line);
            inQuote = quoted;
            first = false;
        }
        flush(out, plain, quote, inQuote);
        return out;
    }

    private static void flush(List<MarkdownNode> out, StringBuilder plain, StringBuilder quote, boolean inQuote) {
        if (inQuote) {
            out.add(new MarkdownNode.Quote(parseInline(quote.toString())));
            quote.setLength(0);
        } else {
            out.addAll(parseInline(plain.toString()));
            plain.setLength(0);
        }
    }

    /** The visible text of {@code markdown}: markers removed, escapes resolved, link labels kept. */
    public static String plainText(String markdown) {
        StringBuilder out = new StringBuilder();
        appendPlain(parseInline(markdown), out);
        return out.toString();
    }

    private static void appendPlain(List<MarkdownNode> nodes, StringBuilder out) {
        for (MarkdownNode node : nodes) {
            if (node instanceof MarkdownNode.Text t) {
                out.append(t.text());
            } else if (node instanceof MarkdownNode.Code c) {
                out.append(c.text());
            } else if (node instanceof MarkdownNode.Bold b) {
                appendPlain(b.children(), out);
            } else if (node instanceof MarkdownNode.Link l) {
                appendPlain(l.label(), out);
            } else if (node instanceof MarkdownNode.Quote q) {
                appendPlain(q.children(), out);
            }
        }
    }

    /** A scan of {@code s[from, to)}; links are not allowed inside a link label. */
    private static final class Inline {
        private final String s;
        private final int to;
        private final boolean linksAllowed;
        private int i;
        private final List<MarkdownNode> nodes = new ArrayList<>();
        private final StringBuilder text = new StringBuilder();

        Inline(String s, int from, int to, boolean linksAllowed) {
            this.s = s;
            this.i = from;
            this.to = to;
            this.linksAllowed = linksAllowed;
        }

        List<MarkdownNode> parse() {
            while (i < to) {
                char c = s.charAt(i);
                if (c == '\\' && i + 1 < to && ESCAPABLE.indexOf(s.charAt(i + 1)) >= 0) {
                    flushText();
                    nodes.add(new MarkdownNode.Text(String.valueOf(s.charAt(i + 1)), s.substring(i, i + 2)));
                    i += 2;
                } else if (c == '`' && code()) {
                    continue;
                } else if (c == '*' && i + 1 < to && s.charAt(i + 1) == '*' && bold()) {
                    continue;
                } else if (c == '[' && linksAllowed && link()) {
                    continue;
                } else {
                    text.append(c);
                    i++;
                }
            }
            flushText();
            return nodes;
        }

        private void flushText() {
            if (!text.isEmpty()) {
                nodes.add(new MarkdownNode.Text(text.toString()));
                text.setLength(0);
            }
        }

        private boolean code() {
            int fenceEnd = runEnd(i, '`');
            String fence = s.substring(i, fenceEnd);
            int close = findFence(fenceEnd, fence.length());
            if (close < 0 || close == fenceEnd) {
                // No closing fence: the whole run is literal (so a lone ` never swallows the rest).
                text.append(fence);
                i = fenceEnd;
                return true;
            }
            flushText();
            nodes.add(new MarkdownNode.Code(s.substring(fenceEnd, close), fence));
            i = close + fence.length();
            return true;
        }

        private int runEnd(int from, char c) {
            int j = from;
            while (j < to && s.charAt(j) == c) {
                j++;
            }
            return j;
        }

        /** Start of the next run of exactly {@code length} backticks at or after {@code from}, or -1. */
        private int findFence(int from, int length) {
            int j = from;
            while (j < to) {
                if (s.charAt(j) == '`') {
                    int end = runEnd(j, '`');
                    if (end - j == length) {
                        return j;
                    }
                    j = end;
                } else {
                    j++;
                }
            }
            return -1;
        }

        private boolean bold() {
            int close = findBoldClose(i + 2);
            if (close < 0 || close == i + 2) {
                return false;
            }
            flushText();
            nodes.add(new MarkdownNode.Bold(new Inline(s, i + 2, close, linksAllowed).parse()));
            i = close + 2;
            return true;
        }

        /** The next {@code **} after {@code from} that is not inside a code span or escaped, or -1. */
        private int findBoldClose(int from) {
            int j = from;
            while (j + 1 < to) {
                char c = s.charAt(j);
                if (c == '\\' && ESCAPABLE.indexOf(s.charAt(j + 1)) >= 0) {
                    j += 2;
                } else if (c == '`') {
                    int fenceEnd = runEnd(j, '`');
                    int close = findFence(fenceEnd, fenceEnd - j);
                    j = close < 0 ? fenceEnd : close + (fenceEnd - j);
                } else if (c == '*' && s.charAt(j + 1) == '*') {
                    return j;
                } else {
                    j++;
                }
            }
            return -1;
        }

        private boolean link() {
            int labelEnd = findLabelEnd(i + 1);
            if (labelEnd < 0 || labelEnd + 1 >= to || s.charAt(labelEnd + 1) != '(') {
                return false;
            }
            int urlStart = labelEnd + 2;
            int urlEnd;
            String url;
            if (urlStart < to && s.charAt(urlStart) == '<') {
                int gt = s.indexOf('>', urlStart);
                if (gt < 0 || gt + 1 >= to || s.charAt(gt + 1) != ')') {
                    return false;
                }
                url = s.substring(urlStart + 1, gt);
                urlEnd = gt + 1;
            } else {
                urlEnd = findUrlEnd(urlStart);
                if (urlEnd < 0) {
                    return false;
                }
                url = s.substring(urlStart, urlEnd);
            }
            if (url.isBlank() || url.chars().anyMatch(Character::isWhitespace) || labelEnd == i + 1) {
                return false;
            }
            flushText();
            List<MarkdownNode> label = new Inline(s, i + 1, labelEnd, false).parse();
            nodes.add(new MarkdownNode.Link(label, url, s.substring(urlStart, urlEnd)));
            i = urlEnd + 1;
            return true;
        }

        /** The {@code ]} closing a label opened just before {@code from}, skipping code spans and escapes. */
        private int findLabelEnd(int from) {
            int j = from;
            while (j < to) {
                char c = s.charAt(j);
                if (c == '\\' && j + 1 < to && ESCAPABLE.indexOf(s.charAt(j + 1)) >= 0) {
                    j += 2;
                } else if (c == '`') {
                    int fenceEnd = runEnd(j, '`');
                    int close = findFence(fenceEnd, fenceEnd - j);
                    j = close < 0 ? fenceEnd : close + (fenceEnd - j);
                } else if (c == ']') {
                    return j;
                } else if (c == '[' || c == '\n') {
                    return -1;
                } else {
                    j++;
                }
            }
            return -1;
        }

        /** The {@code )} ending a bare URL; balanced parentheses inside the URL are part of it. */
        private int findUrlEnd(int from) {
            int depth = 0;
            for (int j = from; j < to; j++) {
                char c = s.charAt(j);
                if (Character.isWhitespace(c)) {
                    return -1;
                }
                if (c == '(') {
                    depth++;
                } else if (c == ')') {
                    if (depth == 0) {
                        return j;
                    }
                    depth--;
                }
            }
            return -1;
        }
    }
}
