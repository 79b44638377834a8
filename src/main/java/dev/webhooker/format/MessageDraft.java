package dev.webhooker.format;

import java.util.ArrayList;
import java.util.List;

/**
 * What an event formatter fills in; {@link MessageFormatter} completes it (footer, timestamp, forge,
 * mentions) into a {@link NeutralMessage}. Fields with no value are skipped here, so no formatter can
 * produce an empty field (Discord rejects those).
 */
public final class MessageDraft {

    private String title;
    private String url;
    private Integer color;
    private String description;
    private NeutralMessage.Author author;
    private final List<NeutralMessage.Field> fields = new ArrayList<>();
    private String footer;
    private final List<NeutralMessage.Action> actions = new ArrayList<>();
    private String updateKey;
    private Long updateOrder;

    public MessageDraft title(String title) {
        this.title = title;
        return this;
    }

    public MessageDraft url(String url) {
        this.url = url == null || url.isBlank() ? null : url;
        return this;
    }

    public MessageDraft color(int color) {
        this.color = color;
        return this;
    }

    public MessageDraft description(String description) {
        this.description = description;
        return this;
    }

    public MessageDraft author(NeutralMessage.Author author) {
        this.author = author;
        return this;
    }

    /** An inline field; skipped when the value is null or blank. */
    public MessageDraft field(String name, String value) {
        return field(name, value, true);
    }

    /** A full-width field; skipped when the value is null or blank. */
    public MessageDraft wideField(String name, String value) {
        return field(name, value, false);
    }

    public MessageDraft field(String name, String value, boolean inline) {
        if (value != null && !value.isBlank()) {
            fields.add(new NeutralMessage.Field(name, value, inline));
        }
        return this;
    }

    /** Replaces the default footer (the repository); "" means no footer. */
    public MessageDraft footer(String footer) {
        this.footer = footer;
        return this;
    }

    public MessageDraft action(String id, String label, String style) {
        actions.add(new NeutralMessage.Action(id, label, style));
        return this;
    }

    public MessageDraft updateKey(String updateKey) {
        this.updateKey = updateKey;
        return this;
    }

    /** The order of this state among the messages of its updateKey; see {@link UpdateOrder}. */
    public MessageDraft updateOrder(Long updateOrder) {
        this.updateOrder = updateOrder;
        return this;
    }

    public String title() {
        return title;
    }

    public String footer() {
        return footer;
    }

    public NeutralMessage.Author author() {
        return author;
    }

    NeutralMessage toMessage(String footer, String timestamp, NeutralMessage.Forge forge, List<String> mentionRoleIds,
            boolean emoji) {
        return new NeutralMessage(title, url, color, description, author, fields, footer, timestamp, actions,
                forge, updateKey, mentionRoleIds, emoji, updateOrder);
    }
}
