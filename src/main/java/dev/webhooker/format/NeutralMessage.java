package dev.webhooker.format;

import java.util.List;

import dev.webhooker.routing.Group;

/**
 * A platform-neutral message: what a formatter makes of an event, before the Discord
 * or Telegram renderer turns it into that platform's payload. Text fields use Discord-flavoured Markdown
 * ({@code **bold**}, {@code `code`}, {@code [label](url)}, {@code > quote}); renderers translate it.
 *
 * <p>{@code emoji} is the group's emoji setting: formatters already leave their emoji out when it is off,
 * and renderers that add decoration of their own (Telegram's author prefix) read it here.
 *
 * <p>{@code updateOrder} ranks the states of one {@code updateKey} ({@link UpdateOrder}); null when the
 * payload gives none. Renderers ignore it; the delivery engine uses it to skip stale edits.
 *
 * <p>{@code mentionPeople}: the people of the group who have to act on the event (a reviewer asked for, an assignee,
 * someone {@code @named} in a body); each renderer mentions their account on its platform, and nobody else.
 */
public record NeutralMessage(
        String title,
        String url,
        Integer color,
        String description,
        Author author,
        List<Field> fields,
        String footer,
        String timestamp,
        List<Action> actions,
        Forge forge,
        String updateKey,
        List<String> mentionRoleIds,
        boolean emoji,
        Long updateOrder,
        List<Group.Person> mentionPeople) {

    public NeutralMessage {
        fields = fields == null ? List.of() : List.copyOf(fields);
        actions = actions == null ? List.of() : List.copyOf(actions);
        mentionRoleIds = mentionRoleIds == null ? List.of() : List.copyOf(mentionRoleIds);
        mentionPeople = mentionPeople == null ? List.of() : List.copyOf(mentionPeople);
    }

    /** A message that mentions no person. */
    public NeutralMessage(String title, String url, Integer color, String description, Author author, List<Field> fields,
            String footer, String timestamp, List<Action> actions, Forge forge, String updateKey,
            List<String> mentionRoleIds, boolean emoji, Long updateOrder) {
        this(title, url, color, description, author, fields, footer, timestamp, actions, forge, updateKey, mentionRoleIds,
                emoji, updateOrder, List.of());
    }

    /** The same message with another title, description and footer (a route's template). */
    public NeutralMessage worded(String newTitle, String newDescription, String newFooter) {
        return new NeutralMessage(newTitle, url, color, newDescription, author, fields, newFooter, timestamp, actions, forge,
                updateKey, mentionRoleIds, emoji, updateOrder, mentionPeople);
    }

    /** The same message, mentioning {@code people}. */
    public NeutralMessage withMentionPeople(List<Group.Person> people) {
        return new NeutralMessage(title, url, color, description, author, fields, footer, timestamp, actions, forge, updateKey,
                mentionRoleIds, emoji, updateOrder, people);
    }

    /** A message whose in-place order is unknown (every state edits it, as before W15's guard). */
    public NeutralMessage(String title, String url, Integer color, String description, Author author, List<Field> fields,
            String footer, String timestamp, List<Action> actions, Forge forge, String updateKey,
            List<String> mentionRoleIds, boolean emoji) {
        this(title, url, color, description, author, fields, footer, timestamp, actions, forge, updateKey, mentionRoleIds,
                emoji, null);
    }

    /** A message with emoji on (the default of {@code Group.emoji}). */
    public NeutralMessage(String title, String url, Integer color, String description, Author author, List<Field> fields,
            String footer, String timestamp, List<Action> actions, Forge forge, String updateKey,
            List<String> mentionRoleIds) {
        this(title, url, color, description, author, fields, footer, timestamp, actions, forge, updateKey, mentionRoleIds,
                true);
    }

    public record Author(String name, String iconUrl, String url) {
    }

    public record Field(String name, String value, boolean inline) {
    }

    /** A button (Discord only); {@code style} is primary, danger or secondary. */
    public record Action(String id, String label, String style) {
    }

    /** The forge-source label of the footer. */
    public record Forge(String name, String url, String iconUrl) {
    }
}
