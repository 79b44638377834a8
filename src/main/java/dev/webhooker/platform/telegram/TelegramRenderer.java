package dev.webhooker.platform.telegram;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.webhooker.format.NeutralMessage;
import dev.webhooker.routing.Group;
import dev.webhooker.platform.markup.MarkdownNode;
import dev.webhooker.platform.markup.NeutralMarkdown;
import dev.webhooker.platform.markup.TitleSplit;
import dev.webhooker.platform.markup.Utf16Text;
import dev.webhooker.platform.markup.WebUrls;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Renders a {@link NeutralMessage} for the Telegram Bot API in HTML mode.
 * The neutral Markdown is parsed and rebuilt as a tree of Telegram's HTML tags, so every text and URL is
 * escaped exactly once, Markdown inside code stays literal and {@code 2*3*4} stays as is, and
 * the limits are applied to the visible text the way Telegram counts it, including the 1024-unit
 * caption limit. When the message is too long the description is shortened first, so the title,
 * fields and footer line survive.
 */
public class TelegramRenderer {

    private static final String ELLIPSIS = "…";
    private static final String AUTHOR_PREFIX = "👤 ";
    private static final String META_SEPARATOR = " · ";
    private static final int RICH_HEADER_PARAM_MAX = 256;
    private static final DateTimeFormatter META_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final RichHeaderLinks links;

    /** {@code links} signs the rich-header links (see {@link #richHeaderUrl}). */
    public TelegramRenderer(RichHeaderLinks links) {
        this.links = links;
    }

    public TelegramMessage render(NeutralMessage message, String richHeaderHost) {
        Optional<String> avatar = message.author() == null ? Optional.empty() : WebUrls.web(message.author().iconUrl());
        if (avatar.isPresent()) {
            Optional<String> preview = richHeaderUrl(richHeaderHost, message, avatar.get());
            if (preview.isPresent()) {
                ObjectNode options = JSON.objectNode();
                options.put("url", preview.get());
                options.put("prefer_small_media", true);
                options.put("show_above_text", true);
                return new TelegramMessage(TelegramMessage.SEND_MESSAGE, html(message, TelegramLimits.MESSAGE_TEXT),
                        null, null, options);
            }
            return new TelegramMessage(TelegramMessage.SEND_PHOTO, null, smallAvatar(avatar.get()),
                    html(message, TelegramLimits.CAPTION), null);
        }
        ObjectNode disabled = JSON.objectNode();
        disabled.put("is_disabled", true);
        return new TelegramMessage(TelegramMessage.SEND_MESSAGE, html(message, TelegramLimits.MESSAGE_TEXT),
                null, null, disabled);
    }

    /** The message as Telegram HTML whose visible text is at most {@code limit} UTF-16 units. */
    String html(NeutralMessage message, int limit) {
        List<HtmlNode> title = titleLine(message);
        List<HtmlNode> author = authorLine(message.author(), message.emoji());
        List<HtmlNode> description = convert(NeutralMarkdown.parseBlocks(nullToEmpty(message.description())),
                false, false);
        List<List<HtmlNode>> fields = new ArrayList<>();
        for (NeutralMessage.Field field : message.fields()) {
            if (field != null) {
                fields.add(fieldLine(field));
            }
        }
        List<HtmlNode> meta = metaLine(message);
        meta = withMentions(meta, message.mentionPeople());

        List<HtmlNode> whole = lines(title, author, description, fields, meta);
        int length = HtmlNode.visibleLength(whole);
        if (length > limit) {
            // Shorten the description into the room the other lines leave, keeping them whole.
            int room = limit - (length - HtmlNode.visibleLength(description)) - ELLIPSIS.length();
            List<HtmlNode> shortened = room > 0 ? withEllipsis(HtmlNode.prefix(description, room)) : List.of();
            whole = lines(title, author, shortened, fields, meta);
            length = HtmlNode.visibleLength(whole);
            if (length > limit) {
                whole = withEllipsis(HtmlNode.prefix(whole, limit - ELLIPSIS.length()));
            }
        }
        if (HtmlNode.visibleText(whole).isBlank()) {
            // Telegram refuses a text that is empty after trimming; the title is required, so this only
            // guards odd input.
            whole = List.of(new HtmlNode.Text(ELLIPSIS));
        }
        return HtmlNode.write(whole);
    }

    /**
     * The people to mention, on a line of their own after the meta line: a user id as a link to that user (which
     * notifies them), an {@code @username} as written (Telegram links it).
     */
    private static List<HtmlNode> withMentions(List<HtmlNode> meta, List<Group.Person> people) {
        List<HtmlNode> mentions = new ArrayList<>();
        for (Group.Person person : people) {
            Optional<String> account = person.on(TelegramTarget.PLATFORM).map(String::strip);
            if (account.isEmpty()) {
                continue;
            }
            if (!mentions.isEmpty()) {
                mentions.add(new HtmlNode.Text(" "));
            }
            mentions.add(account.get().startsWith("@") ? new HtmlNode.Text(account.get())
                    : HtmlNode.link("tg://user?id=" + account.get(), List.of(new HtmlNode.Text("@" + person.github()))));
        }
        if (mentions.isEmpty()) {
            return meta;
        }
        List<HtmlNode> out = new ArrayList<>(meta);
        if (!out.isEmpty()) {
            out.add(new HtmlNode.Text("\n"));
        }
        out.addAll(mentions);
        return out;
    }

    private static List<HtmlNode> withEllipsis(List<HtmlNode> prefix) {
        if (prefix.isEmpty()) {
            return prefix;
        }
        List<HtmlNode> out = new ArrayList<>(prefix);
        out.add(new HtmlNode.Text(ELLIPSIS));
        return out;
    }

    private static List<HtmlNode> lines(List<HtmlNode> title, List<HtmlNode> author, List<HtmlNode> description,
            List<List<HtmlNode>> fields, List<HtmlNode> meta) {
        List<List<HtmlNode>> lines = new ArrayList<>();
        lines.add(title);
        lines.add(author);
        lines.add(description);
        lines.addAll(fields);
        lines.add(meta);
        List<HtmlNode> out = new ArrayList<>();
        for (List<HtmlNode> line : lines) {
            if (HtmlNode.visibleLength(line) == 0) {
                continue;
            }
            if (!out.isEmpty()) {
                out.add(new HtmlNode.Text("\n"));
            }
            out.addAll(line);
        }
        return out;
    }

    /** {@code <b><a href=url>head</a>: subject</b>}; the head link is what reply commands read. */
    private static List<HtmlNode> titleLine(NeutralMessage message) {
        TitleSplit split = TitleSplit.of(message.title());
        Optional<String> url = WebUrls.telegramLink(message.url());
        List<HtmlNode> head = convert(NeutralMarkdown.parseInline(split.head()), true, url.isPresent());
        List<HtmlNode> bold = new ArrayList<>();
        if (HtmlNode.visibleLength(head) > 0 && url.isPresent()) {
            bold.add(HtmlNode.link(url.get(), head));
        } else {
            bold.addAll(head);
        }
        if (split.subject() != null) {
            bold.add(new HtmlNode.Text(": "));
            bold.addAll(convert(NeutralMarkdown.parseInline(split.subject()), true, false));
        }
        return HtmlNode.visibleLength(bold) == 0 ? List.of() : List.of(new HtmlNode.Element("b", bold));
    }

    /** {@code 👤 name}; the prefix follows the group's emoji setting. */
    private static List<HtmlNode> authorLine(NeutralMessage.Author author, boolean emoji) {
        if (author == null || author.name() == null || author.name().isBlank()) {
            return List.of();
        }
        HtmlNode.Text name = new HtmlNode.Text(Utf16Text.wellFormed(author.name().strip()));
        Optional<String> url = WebUrls.telegramLink(author.url());
        HtmlNode shown = url.isPresent() ? HtmlNode.link(url.get(), List.of(name)) : name;
        return emoji ? List.of(new HtmlNode.Text(AUTHOR_PREFIX), shown) : List.of(shown);
    }

    private static List<HtmlNode> fieldLine(NeutralMessage.Field field) {
        List<HtmlNode> out = new ArrayList<>();
        String name = Utf16Text.wellFormed(nullToEmpty(field.name())).strip();
        if (!name.isEmpty()) {
            out.add(new HtmlNode.Element("b", List.of(new HtmlNode.Text(name))));
            out.add(new HtmlNode.Text(": "));
        }
        out.addAll(convert(NeutralMarkdown.parseBlocks(nullToEmpty(field.value())), false, false));
        return out;
    }

    /** {@code <i>forge · footer · time</i>}; the forge name links to the forge when its URL is valid. */
    private static List<HtmlNode> metaLine(NeutralMessage message) {
        List<HtmlNode> parts = new ArrayList<>();
        NeutralMessage.Forge forge = message.forge();
        if (forge != null && forge.name() != null && !forge.name().isBlank()) {
            HtmlNode.Text name = new HtmlNode.Text(Utf16Text.wellFormed(forge.name().strip()));
            Optional<String> url = WebUrls.telegramLink(forge.url());
            parts.add(url.isPresent() ? HtmlNode.link(url.get(), List.of(name)) : name);
        }
        if (message.footer() != null && !message.footer().isBlank()) {
            parts.add(new HtmlNode.Text(Utf16Text.wellFormed(message.footer().strip())));
        }
        if (message.timestamp() != null && !message.timestamp().isBlank()) {
            parts.add(new HtmlNode.Text(metaTime(message.timestamp().strip())));
        }
        List<HtmlNode> joined = new ArrayList<>();
        for (HtmlNode part : parts) {
            if (!joined.isEmpty()) {
                joined.add(new HtmlNode.Text(META_SEPARATOR));
            }
            joined.add(part);
        }
        return joined.isEmpty() ? List.of() : List.of(new HtmlNode.Element("i", joined));
    }

    /** {@code YYYY-MM-DD HH:MM UTC}, or the raw value when it is not an ISO-8601 date-time. */
    static String metaTime(String timestamp) {
        try {
            return META_TIME.format(OffsetDateTime.parse(timestamp).toInstant());
        } catch (DateTimeParseException e) {
            return Utf16Text.wellFormed(timestamp);
        }
    }

    /**
     * Markdown nodes as HTML nodes. Inside bold, nested bold is flattened; inside a link, links become
     * their label (Telegram cannot nest them); a link whose URL Telegram would refuse becomes its label.
     */
    private static List<HtmlNode> convert(List<MarkdownNode> nodes, boolean inBold, boolean inLink) {
        List<HtmlNode> out = new ArrayList<>();
        for (MarkdownNode node : nodes) {
            if (node instanceof MarkdownNode.Text t) {
                out.add(new HtmlNode.Text(t.text()));
            } else if (node instanceof MarkdownNode.Code c) {
                out.add(new HtmlNode.Element("code", List.of(new HtmlNode.Text(c.text()))));
            } else if (node instanceof MarkdownNode.Bold b) {
                List<HtmlNode> children = convert(b.children(), true, inLink);
                if (inBold) {
                    out.addAll(children);
                } else {
                    out.add(new HtmlNode.Element("b", children));
                }
            } else if (node instanceof MarkdownNode.Link l) {
                List<HtmlNode> label = convert(l.label(), inBold, true);
                Optional<String> url = inLink ? Optional.empty() : WebUrls.telegramLink(l.url());
                if (url.isPresent()) {
                    out.add(HtmlNode.link(url.get(), label));
                } else {
                    out.addAll(label);
                }
            } else if (node instanceof MarkdownNode.Quote q) {
                out.add(new HtmlNode.Element("blockquote", convert(q.children(), inBold, inLink)));
            }
        }
        return out;
    }

    /**
     * The rich-header preview URL on {@code host}; the title is sent as plain text,
     * not Markdown, and the parameters are signed ({@link RichHeaderLinks}), so the page shows only what
     * this service sent. Empty when there is no host or it does not make a valid http(s) URL.
     */
    Optional<String> richHeaderUrl(String host, NeutralMessage message, String avatar) {
        if (host == null || host.isBlank()) {
            return Optional.empty();
        }
        String base = host.strip();
        if (!base.contains("://")) {
            base = "https://" + base;
        }
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        StringBuilder url = new StringBuilder(base).append("/api/richheader");
        List<String> params = new ArrayList<>();
        String name = Utf16Text.wellFormed(Utf16Text.prefix(message.author() == null ? "" : nullToEmpty(message.author().name()).strip(),
                RICH_HEADER_PARAM_MAX));
        String content = Utf16Text.wellFormed(Utf16Text.prefix(NeutralMarkdown.plainText(nullToEmpty(message.title())).strip(),
                RICH_HEADER_PARAM_MAX));
        String image = Utf16Text.wellFormed(avatar);
        if (!name.isEmpty()) {
            params.add("title=" + formEncode(name));
        }
        if (!content.isEmpty()) {
            params.add("content=" + formEncode(content));
        }
        params.add("avatar=" + formEncode(image));
        params.add(RichHeaderLinks.PARAM + "=" + links.sign(name, content, image));
        url.append('?').append(String.join("&", params));
        return WebUrls.web(url.toString());
    }

    private static String formEncode(String s) {
        return URLEncoder.encode(Utf16Text.wellFormed(s), StandardCharsets.UTF_8);
    }

    /** The avatar at 64 px (GitHub and Gitea read {@code s}); the query goes before any fragment. */
    static String smallAvatar(String avatar) {
        int hash = avatar.indexOf('#');
        String base = hash < 0 ? avatar : avatar.substring(0, hash);
        String fragment = hash < 0 ? "" : avatar.substring(hash);
        return base + (base.contains("?") ? "&" : "?") + "s=64" + fragment;
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
