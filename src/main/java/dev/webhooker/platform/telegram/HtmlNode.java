package dev.webhooker.platform.telegram;

import dev.webhooker.platform.markup.Utf16Text;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.web.util.HtmlUtils;

/**
 * A piece of Telegram HTML kept as a tree until the end, so text and attribute values are escaped exactly
 * once (when written), the visible length is known exactly (Telegram's limits count it, not the markup),
 * and a cut can only fall between characters of text, never inside a tag or an entity.
 */
sealed interface HtmlNode {

    /** The tags of Telegram's HTML subset that this renderer may write. */
    Set<String> ALLOWED_TAGS = Set.of("b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "a", "code",
            "pre", "blockquote", "tg-spoiler", "span");

    record Text(String text) implements HtmlNode {
    }

    /** {@code attributes} in writing order; values are raw (escaped when written). */
    record Element(String tag, Map<String, String> attributes, List<HtmlNode> children) implements HtmlNode {
        public Element {
            if (!ALLOWED_TAGS.contains(tag)) {
                throw new IllegalArgumentException("tag not in Telegram's HTML subset: " + tag);
            }
            attributes = Map.copyOf(attributes);
            children = List.copyOf(children);
        }

        public Element(String tag, List<HtmlNode> children) {
            this(tag, Map.of(), children);
        }
    }

    static Element link(String href, List<HtmlNode> children) {
        return new Element("a", Map.of("href", href), children);
    }

    static String write(List<HtmlNode> nodes) {
        StringBuilder out = new StringBuilder();
        write(nodes, out);
        return out.toString();
    }

    private static void write(List<HtmlNode> nodes, StringBuilder out) {
        for (HtmlNode node : nodes) {
            if (node instanceof Text t) {
                out.append(escape(t.text()));
            } else if (node instanceof Element e) {
                out.append('<').append(e.tag());
                e.attributes().forEach((name, value) ->
                        out.append(' ').append(name).append("=\"").append(escape(value)).append('"'));
                out.append('>');
                write(e.children(), out);
                out.append("</").append(e.tag()).append('>');
            }
        }
    }

    /**
     * Spring's escaper: {@code & < > " '} become {@code &amp; &lt; &gt; &quot; &#39;}, all of which
     * Telegram accepts, and nothing else is touched for UTF-8 output.
     */
    private static String escape(String s) {
        return HtmlUtils.htmlEscape(s, "UTF-8");
    }

    /** The text Telegram shows: tags removed, nothing escaped. */
    static String visibleText(List<HtmlNode> nodes) {
        StringBuilder out = new StringBuilder();
        for (HtmlNode node : nodes) {
            out.append(node instanceof Text t ? t.text() : visibleText(((Element) node).children()));
        }
        return out.toString();
    }

    /** Visible length in UTF-16 code units, as Telegram counts it. */
    static int visibleLength(List<HtmlNode> nodes) {
        int length = 0;
        for (HtmlNode node : nodes) {
            length += node instanceof Text t ? t.text().length() : visibleLength(((Element) node).children());
        }
        return length;
    }

    /**
     * The longest prefix of {@code nodes} with at most {@code budget} visible code units; text is cut on a
     * character boundary and elements left empty by the cut are dropped (their tags close naturally).
     */
    static List<HtmlNode> prefix(List<HtmlNode> nodes, int budget) {
        List<HtmlNode> out = new ArrayList<>();
        int left = budget;
        for (HtmlNode node : nodes) {
            int length = visibleLength(List.of(node));
            if (length <= left) {
                out.add(node);
                left -= length;
                continue;
            }
            if (node instanceof Text t) {
                String cut = Utf16Text.prefix(t.text(), left);
                if (!cut.isEmpty()) {
                    out.add(new Text(cut));
                }
            } else if (node instanceof Element e) {
                List<HtmlNode> children = prefix(e.children(), left);
                if (visibleLength(children) > 0) {
                    out.add(new Element(e.tag(), e.attributes(), children));
                }
            }
            break;
        }
        return out;
    }
}
