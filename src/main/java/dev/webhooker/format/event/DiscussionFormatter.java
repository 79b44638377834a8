package dev.webhooker.format.event;

import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.Palette;
import dev.webhooker.format.PayloadView;

import java.util.Set;

/** discussion. */
public final class DiscussionFormatter implements EventFormatter {

    @Override
    public Set<String> events() {
        return Set.of("discussion");
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        PayloadView discussion = ctx.require("discussion");
        String action = ctx.action("created");
        String emoji = switch (action) {
            case "answered" -> "✅";
            case "closed" -> "🔴";
            case "created" -> "🟢";
            case "deleted" -> "🗑️";
            default -> "💬";
        };
        String category = discussion.get("category", "name").nonBlank();
        return new MessageDraft()
                .author(ctx.author())
                .title(ctx.numberedTitle("events.discussion.title", discussion))
                .url(discussion.get("html_url").nonBlank())
                .color("answered".equals(action) ? Palette.GREEN : Palette.PURPLE)
                .description(ctx.t("events.discussion.action_discussion",
                        "emoji", ctx.em(emoji), "action", ctx.actionLabel(action),
                        "category", category == null ? "" : ctx.t("events.discussion.category", "name", category)));
    }
}
