package dev.webhooker.platform.discord;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.webhooker.format.NeutralMessage;
import dev.webhooker.routing.Group;
import dev.webhooker.platform.markup.TitleSplit;
import dev.webhooker.platform.markup.Utf16Text;
import dev.webhooker.platform.markup.WebUrls;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Renders a {@link NeutralMessage} as a Discord message body, enforcing every limit
 * Discord checks, because one broken limit is a permanent 400 and the message is lost: per-part caps,
 * at most 25 fields without empty names or values, the 6000-character embed budget (fields are shortened
 * or dropped first, then the description), valid http(s) URLs only, button ids and labels within bounds,
 * and mentions that can only ever ping the configured roles.
 */
public class DiscordRenderer {

    /** Discord rejects empty field names and values (after trimming); this shows as nothing. */
    static final String ZERO_WIDTH_SPACE = "\u200B";
    private static final String FOOTER_SEPARATOR = " · ";
    private static final Pattern SNOWFLAKE = Pattern.compile("[0-9]{1,20}");
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    public DiscordMessage render(NeutralMessage message) {
        ObjectNode body = JSON.objectNode();
        List<String> roles = mentionedRoles(message.mentionRoleIds());
        List<String> users = mentionedUsers(message.mentionPeople(), roles);
        List<String> mentions = new ArrayList<>(users.stream().map(id -> "<@" + id + ">").toList());
        roles.forEach(id -> mentions.add("<@&" + id + ">"));
        if (!mentions.isEmpty()) {
            body.put("content", String.join(" ", mentions));
        }
        // nothing is parsed from the text: exactly the users and roles named here are pinged, never @everyone
        ObjectNode allowed = body.putObject("allowed_mentions");
        allowed.putArray("parse");
        if (!users.isEmpty()) {
            ArrayNode ids = allowed.putArray("users");
            users.forEach(ids::add);
        }
        if (!roles.isEmpty()) {
            ArrayNode ids = allowed.putArray("roles");
            roles.forEach(ids::add);
        }
        body.putArray("embeds").add(embed(message));
        ArrayNode rows = buttons(message.actions());
        if (!rows.isEmpty()) {
            body.set("components", rows);
        }
        return new DiscordMessage(body);
    }

    /** The Discord accounts of {@code people}: distinct user ids that fit the content beside the roles' mentions. */
    private static List<String> mentionedUsers(List<Group.Person> people, List<String> roles) {
        int length = roles.stream().mapToInt(id -> id.length() + 5).sum();
        Set<String> kept = new LinkedHashSet<>();
        for (Group.Person person : people) {
            Optional<String> id = person.on(DiscordTarget.PLATFORM).map(String::strip).filter(i -> SNOWFLAKE.matcher(i).matches());
            if (id.isEmpty() || kept.contains(id.get())) {
                continue;
            }
            int added = id.get().length() + 4;
            if (length + added > DiscordLimits.CONTENT || kept.size() == DiscordLimits.ALLOWED_MENTION_USERS) {
                break;
            }
            kept.add(id.get());
            length += added;
        }
        return List.copyOf(kept);
    }

    /** Distinct snowflake ids, as many as fit the content limit and the allowed_mentions roles cap. */
    private static List<String> mentionedRoles(List<String> ids) {
        Set<String> kept = new LinkedHashSet<>();
        int length = 0;
        for (String raw : ids) {
            String id = raw == null ? "" : raw.strip();
            if (!SNOWFLAKE.matcher(id).matches() || kept.contains(id)) {
                continue;
            }
            int added = (kept.isEmpty() ? 0 : 1) + id.length() + 4;
            if (length + added > DiscordLimits.CONTENT || kept.size() == DiscordLimits.ALLOWED_MENTION_ROLES) {
                break;
            }
            kept.add(id);
            length += added;
        }
        return List.copyOf(kept);
    }

    private ObjectNode embed(NeutralMessage message) {
        ObjectNode embed = JSON.objectNode();
        TitleSplit title = TitleSplit.of(message.title());

        String head = DiscordMarkdown.fit(title.head(), DiscordLimits.TITLE);
        if (!head.isBlank()) {
            embed.put("title", head);
        }
        WebUrls.web(message.url()).ifPresent(url -> embed.put("url", url));
        if (message.color() != null && message.color() >= 0 && message.color() <= 0xFFFFFF) {
            embed.put("color", message.color());
        }

        String author = author(message.author(), embed);
        String footer = footer(message, embed);
        int budget = DiscordLimits.EMBED_TOTAL - head.length() - author.length() - footer.length();

        String description = DiscordMarkdown.fit(description(title, message.description()),
                Math.min(DiscordLimits.DESCRIPTION, budget));
        if (!description.isBlank()) {
            embed.put("description", description);
        } else {
            description = "";
        }
        ArrayNode fields = fields(message.fields(), budget - description.length());
        if (!fields.isEmpty()) {
            embed.set("fields", fields);
        }
        timestamp(message.timestamp()).ifPresent(ts -> embed.put("timestamp", ts));
        if (head.isBlank() && description.isEmpty() && fields.isEmpty() && author.isEmpty() && footer.isEmpty()) {
            // An embed needs some text; an empty one is a 400.
            embed.put("description", ZERO_WIDTH_SPACE);
        }
        return embed;
    }

    private static String description(TitleSplit title, String description) {
        String body = description == null ? "" : description;
        if (title.subject() == null) {
            return body;
        }
        return body.isEmpty() ? title.subject() : title.subject() + "\n" + body;
    }

    /** Adds the author object; returns the name as counted in the embed total ("" when absent). */
    private static String author(NeutralMessage.Author author, ObjectNode embed) {
        if (author == null) {
            return "";
        }
        String name = DiscordMarkdown.plain(nullToEmpty(author.name()).strip(), DiscordLimits.AUTHOR_NAME);
        if (name.isBlank()) {
            return "";
        }
        ObjectNode node = embed.putObject("author");
        node.put("name", name);
        WebUrls.web(author.url()).ifPresent(url -> node.put("url", url));
        WebUrls.web(author.iconUrl()).ifPresent(url -> node.put("icon_url", url));
        return name;
    }

    /** Adds the footer ({forge} · {footer}, forge icon); returns its text as counted in the total. */
    private static String footer(NeutralMessage message, ObjectNode embed) {
        List<String> parts = new ArrayList<>();
        if (message.forge() != null && message.forge().name() != null && !message.forge().name().isBlank()) {
            parts.add(message.forge().name().strip());
        }
        if (message.footer() != null && !message.footer().isBlank()) {
            parts.add(message.footer().strip());
        }
        String text = DiscordMarkdown.plain(String.join(FOOTER_SEPARATOR, parts), DiscordLimits.FOOTER_TEXT);
        if (text.isBlank()) {
            return "";
        }
        ObjectNode node = embed.putObject("footer");
        node.put("text", text);
        if (message.forge() != null) {
            WebUrls.web(message.forge().iconUrl()).ifPresent(url -> node.put("icon_url", url));
        }
        return text;
    }

    /**
     * Fields in order while they fit {@code budget} characters: the first one that does not fit gets a
     * shortened value (when at least one character of it fits) and the rest are dropped.
     */
    private static ArrayNode fields(List<NeutralMessage.Field> fields, int budget) {
        ArrayNode out = JSON.arrayNode();
        int left = budget;
        for (NeutralMessage.Field field : fields) {
            if (out.size() == DiscordLimits.FIELDS || field == null) {
                break;
            }
            String name = nonEmpty(DiscordMarkdown.fit(nullToEmpty(field.name()), DiscordLimits.FIELD_NAME));
            String value = DiscordMarkdown.fit(nullToEmpty(field.value()), DiscordLimits.FIELD_VALUE);
            int valueRoom = left - name.length();
            if (valueRoom < value.length()) {
                // Shorten into the room left (needs room for one character plus the ellipsis).
                value = valueRoom >= 2 ? DiscordMarkdown.fit(value, valueRoom) : "";
                if (value.isBlank()) {
                    break;
                }
            }
            value = nonEmpty(value);
            if (name.length() + value.length() > left) {
                break;
            }
            ObjectNode node = out.addObject();
            node.put("name", name);
            node.put("value", value);
            node.put("inline", field.inline());
            left -= name.length() + value.length();
        }
        return out;
    }

    private static String nonEmpty(String s) {
        return s.isBlank() ? ZERO_WIDTH_SPACE : s;
    }

    private static Optional<String> timestamp(String timestamp) {
        if (timestamp == null || timestamp.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(OffsetDateTime.parse(timestamp.strip()).toInstant().toString());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** PR buttons, five per row; a button whose id Discord would reject is dropped (its id can't be cut). */
    private static ArrayNode buttons(List<NeutralMessage.Action> actions) {
        ArrayNode rows = JSON.arrayNode();
        ArrayNode row = null;
        for (NeutralMessage.Action action : actions) {
            if (action == null || action.id() == null || action.id().isEmpty()
                    || action.id().length() > DiscordLimits.CUSTOM_ID) {
                continue;
            }
            String label = DiscordMarkdown.plain(nullToEmpty(action.label()).strip(), DiscordLimits.BUTTON_LABEL);
            if (label.isBlank()) {
                continue;
            }
            if (row == null || row.size() == DiscordLimits.BUTTONS_PER_ROW) {
                if (rows.size() == DiscordLimits.ACTION_ROWS) {
                    break;
                }
                ObjectNode rowNode = rows.addObject();
                rowNode.put("type", 1);
                row = rowNode.putArray("components");
            }
            ObjectNode button = row.addObject();
            button.put("type", 2);
            button.put("style", style(action.style()));
            button.put("label", label);
            button.put("custom_id", Utf16Text.wellFormed(action.id()));
        }
        return rows;
    }

    /**
     * primary → 1 (Discord's Primary), danger → 4, else 2. Sending 3 ("Success") for primary would make
     * an ordinary action a green button; blue is Discord's colour for the main one.
     */
    private static int style(String style) {
        if ("primary".equals(style)) {
            return 1;
        }
        return "danger".equals(style) ? 4 : 2;
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
