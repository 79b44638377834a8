package dev.webhooker.format.event;

import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.NeutralMessage;
import dev.webhooker.format.Palette;
import dev.webhooker.format.PayloadView;
import dev.webhooker.format.TextCut;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Signed custom JSON. The sender writes the message; its text is
 * used as given (no emoji toggle), only capped to the platform limits.
 */
public final class CustomFormatter implements EventFormatter {

    static final int MAX_TITLE = 256;
    static final int MAX_DESCRIPTION = 4096;
    static final int MAX_FIELDS = 25;
    static final int MAX_FIELD_NAME = 256;
    static final int MAX_FIELD_VALUE = 1024;
    static final int MAX_FOOTER = 2048;

    private static final Map<String, Integer> COLOR_WORDS = Map.of(
            "red", 0xf85149, "green", 0x3fb950, "yellow", 0xd29922, "blue", 0x58a6ff,
            "purple", 0xbc8cff, "orange", 0xdb6d28, "cyan", 0x39c5cf, "gray", 0x6e7681);

    @Override
    public Set<String> events() {
        return Set.of("custom");
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        PayloadView payload = ctx.payload();
        String title = payload.get("title").raw().isTextual() ? payload.get("title").text().strip() : "";
        if (title.isEmpty()) {
            title = ctx.t("custom.title_fallback");
        }
        title = TextCut.cap(title, MAX_TITLE);
        String repo = stringOrNull(payload.get("repo"));
        repo = repo == null || repo.isBlank() ? ctx.repo() : repo.strip();

        MessageDraft message = new MessageDraft()
                .title(repo == null ? title : repo + ": " + title)
                .color(color(payload.get("color")));
        String description = stringOrNull(payload.get("description"));
        if (description != null && !description.isEmpty()) {
            message.description(TextCut.cap(description, MAX_DESCRIPTION));
        }
        message.url(httpUrl(stringOrNull(payload.get("url"))));
        if (payload.get("author").isObject()) {
            message.author(author(ctx, payload.get("author")));
        }
        addFields(payload.get("fields"), message);
        String footer = stringOrNull(payload.get("footer"));
        message.footer(footer != null ? TextCut.cap(footer, MAX_FOOTER) : repo == null ? "" : repo);
        return message;
    }

    private static NeutralMessage.Author author(FormatContext ctx, PayloadView given) {
        NeutralMessage.Author sender = ctx.author();
        String name = stringOrNull(given.get("name"));
        String iconUrl = httpUrl(stringOrNull(given.get("iconUrl")));
        String url = httpUrl(stringOrNull(given.get("url")));
        return new NeutralMessage.Author(
                TextCut.cap(name != null && !name.isBlank() ? name : sender.name(), 256),
                iconUrl != null ? iconUrl : sender.iconUrl(),
                url != null ? url : sender.url());
    }

    private static void addFields(PayloadView fields, MessageDraft message) {
        int added = 0;
        for (PayloadView field : fields.items()) {
            if (added == MAX_FIELDS) {
                return;
            }
            String name = stringOrNull(field.get("name"));
            String value = stringOrNull(field.get("value"));
            // An empty value is rejected by Discord, so such a field is dropped like a malformed one.
            if (name == null || value == null || value.isBlank()) {
                continue;
            }
            message.field(name.isEmpty() ? "\u200b" : TextCut.cap(name, MAX_FIELD_NAME),
                    TextCut.cap(value, MAX_FIELD_VALUE),
                    field.get("inline").raw().isBoolean() && field.get("inline").raw().booleanValue());
            added++;
        }
    }

    static int color(PayloadView color) {
        String text = stringOrNull(color);
        if (text == null) {
            return Palette.CUSTOM_DEFAULT;
        }
        String word = text.strip().toLowerCase(Locale.ROOT);
        Integer named = COLOR_WORDS.get(word);
        if (named != null) {
            return named;
        }
        String hex = word.startsWith("#") ? word.substring(1) : word;
        return hex.matches("[0-9a-f]{6}") ? Integer.parseInt(hex, 16) : Palette.CUSTOM_DEFAULT;
    }

    /** An absolute http(s) URL, else null: Discord rejects the whole message for a bad URL. */
    static String httpUrl(String url) {
        if (url == null) {
            return null;
        }
        String trimmed = url.strip();
        try {
            java.net.URI uri = java.net.URI.create(trimmed);
            String scheme = uri.getScheme();
            boolean web = scheme != null && (scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"));
            return web && uri.getHost() != null ? trimmed : null;
        } catch (IllegalArgumentException notAUrl) {
            return null;
        }
    }

    private static String stringOrNull(PayloadView value) {
        return value.raw().isTextual() ? value.raw().textValue() : null;
    }
}
