package dev.webhooker.platform.teams;

import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.format.NeutralMessage;
import dev.webhooker.platform.markup.MarkdownNode;
import dev.webhooker.platform.markup.NeutralMarkdown;
import dev.webhooker.platform.markup.Utf16Text;
import dev.webhooker.platform.markup.WebUrls;

/**
 * Renders a {@link NeutralMessage} as a Teams message with one Adaptive Card (version 1.4, which workflows and incoming
 * webhooks both show): the author, the title (its colour from the message's, as near as a card's text colours go), the
 * description, the fields as a fact set, a footer line, and an "Open" button to the event. Teams refuses a message
 * over about 28 KB, so the card is kept under {@link #MAX_BYTES}: the description is shortened, then facts are dropped.
 * A card's Markdown has bold, italics and links but no code spans, so code shows as its text.
 */
public class TeamsRenderer {

    /** Teams' message limit is 28 KB; the envelope and JSON escapes take some of it. */
    static final int MAX_BYTES = 26_000;
    static final int MAX_FACTS = 25;
    static final int TITLE = 256;
    static final int DESCRIPTION = 6000;
    static final int FACT_TITLE = 256;
    static final int FACT_VALUE = 1024;
    private static final String ELLIPSIS = "…";
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    public ObjectNode render(NeutralMessage message) {
        int description = DESCRIPTION;
        int facts = MAX_FACTS;
        while (true) {
            ObjectNode body = envelope(card(message, description, facts));
            if (body.toString().getBytes(StandardCharsets.UTF_8).length <= MAX_BYTES || (description == 0 && facts == 0)) {
                return body;
            }
            if (description > 500) {
                description /= 2;
            } else if (facts > 0) {
                facts--;
            } else {
                description = 0;
            }
        }
    }

    private static ObjectNode envelope(ObjectNode card) {
        ObjectNode body = JSON.objectNode().put("type", "message");
        ObjectNode attachment = body.putArray("attachments").addObject();
        attachment.put("contentType", "application/vnd.microsoft.card.adaptive");
        attachment.putNull("contentUrl");
        attachment.set("content", card);
        return body;
    }

    private static ObjectNode card(NeutralMessage message, int descriptionMax, int factsMax) {
        ObjectNode card = JSON.objectNode();
        card.put("$schema", "http://adaptivecards.io/schemas/adaptive-card.json");
        card.put("type", "AdaptiveCard").put("version", "1.4");
        card.putObject("msteams").put("width", "Full");
        ArrayNode body = card.putArray("body");
        if (message.author() != null && message.author().name() != null && !message.author().name().isBlank()) {
            String name = cut(NeutralMarkdown.plainText(message.author().name()), TITLE);
            Optional<String> url = WebUrls.web(message.author().url());
            text(body, url.map(u -> "[" + name.replace("]", "\\]") + "](" + u + ")").orElse(name)).put("isSubtle", true)
                    .put("size", "Small");
        }
        String title = cut(NeutralMarkdown.plainText(message.title() == null ? "" : message.title()), TITLE);
        if (!title.isBlank()) {
            ObjectNode block = text(body, title).put("weight", "Bolder").put("size", "Medium");
            colour(message.color()).ifPresent(c -> block.put("color", c));
        }
        String description = descriptionMax == 0 ? "" : markdown(message.description(), descriptionMax);
        if (!description.isBlank()) {
            text(body, description);
        }
        ArrayNode facts = JSON.arrayNode();
        for (NeutralMessage.Field field : message.fields()) {
            if (facts.size() >= factsMax) {
                break;
            }
            String name = cut(NeutralMarkdown.plainText(field.name() == null ? "" : field.name()), FACT_TITLE);
            String value = markdown(field.value(), FACT_VALUE);
            if (!name.isBlank() || !value.isBlank()) {
                facts.addObject().put("title", name).put("value", value);
            }
        }
        if (!facts.isEmpty()) {
            body.addObject().put("type", "FactSet").set("facts", facts);
        }
        List<String> footer = new ArrayList<>();
        if (message.forge() != null && message.forge().name() != null && !message.forge().name().isBlank()) {
            footer.add(cut(message.forge().name().strip(), 200));
        }
        if (message.footer() != null && !message.footer().isBlank()) {
            footer.add(cut(NeutralMarkdown.plainText(message.footer()), 1000));
        }
        time(message.timestamp()).ifPresent(footer::add);
        if (!footer.isEmpty()) {
            text(body, String.join(" · ", footer)).put("isSubtle", true).put("size", "Small");
        }
        if (body.isEmpty()) {
            text(body, "(an event without text)");
        }
        WebUrls.web(message.url()).ifPresent(url -> card.putArray("actions").addObject().put("type", "Action.OpenUrl")
                .put("title", "Open").put("url", url));
        return card;
    }

    private static ObjectNode text(ArrayNode body, String text) {
        return body.addObject().put("type", "TextBlock").put("text", text).put("wrap", true);
    }

    /** The card's text colours: Good, Warning and Attention for green, yellow and red hues; none for the rest. */
    static Optional<String> colour(Integer rgb) {
        if (rgb == null) {
            return Optional.empty();
        }
        float[] hsb = java.awt.Color.RGBtoHSB((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF, null);
        if (hsb[1] < 0.25f || hsb[2] < 0.2f) {
            return Optional.empty();
        }
        float degrees = hsb[0] * 360;
        if (degrees < 20 || degrees >= 330) {
            return Optional.of("Attention");
        }
        if (degrees < 65) {
            return Optional.of("Warning");
        }
        if (degrees < 170) {
            return Optional.of("Good");
        }
        return Optional.empty();
    }

    /** The card's Markdown: bold and links as written, code as its text, quotes as lines; cut whole constructs. */
    private static String markdown(String markdown, int max) {
        if (markdown == null || markdown.isBlank()) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        for (MarkdownNode node : NeutralMarkdown.parseBlocks(markdown)) {
            String written = write(node);
            if (out.length() + written.length() > max - ELLIPSIS.length()) {
                if (node instanceof MarkdownNode.Text t) {
                    out.append(Utf16Text.prefix(t.source(), max - ELLIPSIS.length() - out.length()));
                }
                return out.toString().stripTrailing() + ELLIPSIS;
            }
            out.append(written);
        }
        return out.toString();
    }

    private static String write(MarkdownNode node) {
        if (node instanceof MarkdownNode.Text t) {
            return t.source();
        }
        if (node instanceof MarkdownNode.Code c) {
            return c.text();
        }
        if (node instanceof MarkdownNode.Bold b) {
            StringBuilder inner = new StringBuilder();
            b.children().forEach(child -> inner.append(write(child)));
            return inner.toString().isBlank() ? inner.toString() : "**" + inner + "**";
        }
        if (node instanceof MarkdownNode.Link l) {
            StringBuilder label = new StringBuilder();
            l.label().forEach(child -> label.append(write(child)));
            return WebUrls.web(l.url()).map(u -> "[" + label + "](" + u.replace(")", "%29") + ")").orElse(label.toString());
        }
        if (node instanceof MarkdownNode.Quote q) {
            StringBuilder inner = new StringBuilder();
            q.children().forEach(child -> inner.append(write(child)));
            return "> " + inner;
        }
        return "";
    }

    private static String cut(String text, int max) {
        return text.length() <= max ? text : Utf16Text.prefix(text, max - ELLIPSIS.length()).stripTrailing() + ELLIPSIS;
    }

    /** Adaptive Cards format {@code {{DATE(…)}}} and {@code {{TIME(…)}}} in the reader's time zone. */
    private static Optional<String> time(String timestamp) {
        if (timestamp == null || timestamp.isBlank()) {
            return Optional.empty();
        }
        try {
            String utc = OffsetDateTime.parse(timestamp.strip()).toInstant().toString().replaceAll("\\.\\d+Z$", "Z");
            return Optional.of("{{DATE(" + utc + ", SHORT)}} {{TIME(" + utc + ")}}");
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
