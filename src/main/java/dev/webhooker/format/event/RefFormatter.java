package dev.webhooker.format.event;

import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.Palette;
import dev.webhooker.format.TextCut;

import java.util.Set;

/** create and delete of a branch or tag. */
public final class RefFormatter implements EventFormatter {

    @Override
    public Set<String> events() {
        return Set.of("create", "delete");
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        boolean created = "create".equals(ctx.event());
        String ref = ctx.payload().get("ref").textOr(ctx.t("common.unknown"));
        String refType = ctx.payload().get("ref_type").textOr("branch");
        boolean tag = "tag".equals(refType);
        String link = tag ? ctx.refs().tag(ref) : ctx.refs().branch(ref);
        String type = ctx.word("ref_type", refType);
        MessageDraft message = new MessageDraft()
                .author(ctx.author())
                .title(ctx.t(created ? "events.create.title" : "events.delete.title",
                        "emoji", ctx.em(tag ? "🏷️" : "🌿"), "type", type, "ref", link))
                .color(created ? Palette.CREATE : Palette.RED);
        if (created) {
            message.field(ctx.field("type"), type);
            message.field(ctx.field("name"), link);
            message.wideField(ctx.field("description"),
                    TextCut.shorten(ctx.payload().get("description").nonBlank(), 1024));
        }
        return message;
    }
}
