package dev.webhooker.platform.slack;

import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.format.NeutralMessage;
import dev.webhooker.platform.markup.NeutralMarkdown;
import dev.webhooker.platform.markup.WebUrls;

/**
 * Renders a {@link NeutralMessage} as a Slack message: one attachment with the message's colour bar, holding Block Kit
 * blocks — the author (icon and name), the title linked to the event, the description, the fields (ten to a section)
 * and a context line with the forge, the footer and the time — plus the title as the top-level text Slack shows in
 * notifications, after the members it mentions. Every text is cut to its {@link SlackLimits} on construct boundaries,
 * so no message is refused for its size; Discord's buttons and role mentions have no Slack counterpart here and are
 * left out.
 */
public class SlackRenderer {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final String SEPARATOR = " · ";
    private static final Pattern MEMBER = Pattern.compile("[UW][A-Z0-9]{8,20}");

    public ObjectNode render(NeutralMessage message) {
        List<ObjectNode> blocks = new ArrayList<>();
        author(message.author()).ifPresent(blocks::add);
        String title = SlackMarkdown.plain(message.title(), SlackLimits.TITLE);
        if (!title.isBlank()) {
            Optional<String> url = WebUrls.web(message.url()).filter(u -> u.length() <= SlackLimits.IMAGE_URL);
            blocks.add(section(url.map(u -> "*<" + u.replace("|", "%7C").replace(">", "%3E") + "|" + title.replace("|", "¦") + ">*")
                    .orElse("*" + title + "*")));
        }
        String description = SlackMarkdown.fit(message.description(), SlackLimits.SECTION_TEXT);
        if (!description.isBlank()) {
            blocks.add(section(description));
        }
        fieldSections(message.fields()).forEach(blocks::add);
        footer(message).ifPresent(blocks::add);
        if (blocks.isEmpty()) {
            blocks.add(section("(an event without text)"));
        }
        ObjectNode body = JSON.objectNode();
        // the top-level text is what notifies: the members to mention go there, before the title
        String mentions = String.join(" ", message.mentionPeople().stream()
                .map(p -> p.on(SlackTarget.PLATFORM).map(String::strip).filter(id -> MEMBER.matcher(id).matches()))
                .flatMap(Optional::stream).distinct().map(id -> "<@" + id + ">").toList());
        int room = SlackLimits.FALLBACK_TEXT - (mentions.isEmpty() ? 0 : mentions.length() + 1);
        String fallback = SlackMarkdown.plain(message.title(), room);
        fallback = fallback.isBlank() ? SlackMarkdown.plain(message.description(), room) : fallback;
        body.put("text", mentions.isEmpty() ? fallback : mentions + " " + fallback);
        ObjectNode attachment = body.putArray("attachments").addObject();
        if (message.color() != null) {
            attachment.put("color", String.format("#%06x", message.color() & 0xFFFFFF));
        }
        ArrayNode list = attachment.putArray("blocks");
        blocks.stream().limit(SlackLimits.BLOCKS).forEach(list::add);
        body.put("unfurl_links", false).put("unfurl_media", false);
        return body;
    }

    private static ObjectNode section(String mrkdwn) {
        ObjectNode section = JSON.objectNode().put("type", "section");
        section.putObject("text").put("type", "mrkdwn").put("text", mrkdwn);
        return section;
    }

    private static Optional<ObjectNode> author(NeutralMessage.Author author) {
        if (author == null || author.name() == null || author.name().isBlank()) {
            return Optional.empty();
        }
        String name = SlackMarkdown.plain(author.name(), SlackLimits.TITLE);
        ObjectNode context = JSON.objectNode().put("type", "context");
        ArrayNode elements = context.putArray("elements");
        WebUrls.web(author.iconUrl()).filter(u -> u.length() <= SlackLimits.IMAGE_URL)
                .ifPresent(icon -> elements.addObject().put("type", "image").put("image_url", icon)
                        .put("alt_text", SlackMarkdown.cap(NeutralMarkdown.plainText(author.name()), SlackLimits.ALT_TEXT)));
        String text = WebUrls.web(author.url()).filter(u -> u.length() <= SlackLimits.CONTEXT_TEXT - name.length() - 4)
                .map(u -> "<" + u.replace("|", "%7C").replace(">", "%3E") + "|" + name.replace("|", "¦") + ">").orElse(name);
        elements.addObject().put("type", "mrkdwn").put("text", text);
        return Optional.of(context);
    }

    /** Ten fields to a section, {@code *name*} over the value; a field with neither is left out. */
    private static List<ObjectNode> fieldSections(List<NeutralMessage.Field> fields) {
        List<ObjectNode> sections = new ArrayList<>();
        ArrayNode current = null;
        for (NeutralMessage.Field field : fields) {
            String name = SlackMarkdown.plain(field.name(), SlackLimits.FIELD_NAME);
            String head = name.isBlank() ? "" : "*" + name + "*\n";
            String value = SlackMarkdown.fit(field.value(), SlackLimits.FIELD_TEXT - head.length());
            if (name.isBlank() && value.isBlank()) {
                continue;
            }
            if (current == null || current.size() == SlackLimits.SECTION_FIELDS) {
                ObjectNode section = JSON.objectNode().put("type", "section");
                current = section.putArray("fields");
                sections.add(section);
            }
            current.addObject().put("type", "mrkdwn").put("text", (head + value).strip());
        }
        return sections;
    }

    /** The forge (icon and name), the footer and the event's time in the reader's time zone. */
    private static Optional<ObjectNode> footer(NeutralMessage message) {
        List<String> parts = new ArrayList<>();
        ObjectNode context = JSON.objectNode().put("type", "context");
        ArrayNode elements = context.putArray("elements");
        if (message.forge() != null && message.forge().name() != null && !message.forge().name().isBlank()) {
            WebUrls.web(message.forge().iconUrl()).filter(u -> u.length() <= SlackLimits.IMAGE_URL)
                    .ifPresent(icon -> elements.addObject().put("type", "image").put("image_url", icon)
                            .put("alt_text", SlackMarkdown.cap(message.forge().name().strip(), SlackLimits.ALT_TEXT)));
            parts.add(SlackMarkdown.plain(message.forge().name(), 200));
        }
        if (message.footer() != null && !message.footer().isBlank()) {
            parts.add(SlackMarkdown.plain(message.footer(), 1000));
        }
        time(message.timestamp()).ifPresent(parts::add);
        if (parts.isEmpty()) {
            return Optional.empty();
        }
        elements.addObject().put("type", "mrkdwn").put("text", String.join(SEPARATOR, parts));
        return Optional.of(context);
    }

    /** Slack's date token: shown in each reader's own time zone, the ISO time where a client cannot. */
    private static Optional<String> time(String timestamp) {
        if (timestamp == null || timestamp.isBlank()) {
            return Optional.empty();
        }
        try {
            OffsetDateTime at = OffsetDateTime.parse(timestamp.strip());
            return Optional.of("<!date^" + at.toEpochSecond() + "^{date_short_pretty} {time}|" + at.toInstant() + ">");
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
