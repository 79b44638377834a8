package dev.webhooker.platform.telegram;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A strict reader of Telegram HTML for tests, written independently of the renderer: it accepts only the
 * tags of Telegram's subset, properly nested and closed, {@code <a>} only with an http(s)/tg href, text
 * with no raw {@code <} or {@code >}, and only the entities Telegram knows. It returns the visible text
 * (tags removed, entities decoded), which is what Telegram's limits count.
 */
final class TelegramHtmlChecker {

    private static final Set<String> TAGS = Set.of("b", "strong", "i", "em", "u", "ins", "s", "strike", "del",
            "a", "code", "pre", "blockquote", "tg-spoiler", "span");
    private static final Pattern OPEN = Pattern.compile("<([a-z-]+)((?: [a-z-]+=\"[^\"<>]*\")*)>");
    private static final Pattern CLOSE = Pattern.compile("</([a-z-]+)>");
    private static final Pattern HREF = Pattern.compile("^ href=\"((?:https?|tg)://[^\"]*)\"$");
    private static final Pattern ENTITY = Pattern.compile("&(lt|gt|amp|quot|#[0-9]{1,7}|#x[0-9a-fA-F]{1,6});");

    private TelegramHtmlChecker() {
    }

    /** The visible text; throws {@link AssertionError} naming the first problem. */
    static String visibleText(String html) {
        StringBuilder visible = new StringBuilder();
        Deque<String> open = new ArrayDeque<>();
        int i = 0;
        while (i < html.length()) {
            char c = html.charAt(i);
            if (c == '<') {
                Matcher close = CLOSE.matcher(html).region(i, html.length());
                Matcher tag = OPEN.matcher(html).region(i, html.length());
                if (close.lookingAt()) {
                    if (open.isEmpty() || !open.peek().equals(close.group(1))) {
                        throw new AssertionError("unbalanced </" + close.group(1) + "> at " + i + " in " + html);
                    }
                    open.pop();
                    i = close.end();
                } else if (tag.lookingAt()) {
                    String name = tag.group(1);
                    if (!TAGS.contains(name)) {
                        throw new AssertionError("tag <" + name + "> not allowed by Telegram in " + html);
                    }
                    String attributes = tag.group(2);
                    if (name.equals("a") ? !HREF.matcher(attributes).matches()
                            : name.equals("span") ? !attributes.equals(" class=\"tg-spoiler\"") : !attributes.isEmpty()) {
                        throw new AssertionError("bad attributes on <" + name + ">: " + attributes);
                    }
                    if (name.equals("a")) {
                        checkEntities(attributes);
                    }
                    open.push(name);
                    i = tag.end();
                } else {
                    throw new AssertionError("raw '<' at " + i + " in " + html);
                }
            } else if (c == '>') {
                throw new AssertionError("raw '>' at " + i + " in " + html);
            } else if (c == '&') {
                Matcher entity = ENTITY.matcher(html).region(i, html.length());
                if (!entity.lookingAt()) {
                    throw new AssertionError("bad entity at " + i + " in " + html);
                }
                visible.append(decode(entity.group(1)));
                i = entity.end();
            } else {
                visible.append(c);
                i++;
            }
        }
        if (!open.isEmpty()) {
            throw new AssertionError("unclosed tags " + open + " in " + html);
        }
        return visible.toString();
    }

    private static void checkEntities(String attributes) {
        for (int i = attributes.indexOf('&'); i >= 0; i = attributes.indexOf('&', i + 1)) {
            if (!ENTITY.matcher(attributes).region(i, attributes.length()).lookingAt()) {
                throw new AssertionError("unescaped & in attribute " + attributes);
            }
        }
    }

    private static String decode(String entity) {
        switch (entity) {
            case "lt":
                return "<";
            case "gt":
                return ">";
            case "amp":
                return "&";
            case "quot":
                return "\"";
            default:
                int code = entity.startsWith("#x") ? Integer.parseInt(entity.substring(2), 16)
                        : Integer.parseInt(entity.substring(1));
                return new String(Character.toChars(code));
        }
    }
}
