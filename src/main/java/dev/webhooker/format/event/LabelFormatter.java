package dev.webhooker.format.event;

import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.Palette;
import dev.webhooker.format.PayloadView;
import dev.webhooker.format.TextCut;

import java.util.Set;

/** label. */
public final class LabelFormatter implements EventFormatter {

    @Override
    public Set<String> events() {
        return Set.of("label");
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        PayloadView label = ctx.require("label");
        String action = ctx.action("created");
        String emoji = switch (action) {
            case "deleted" -> "🗑️";
            case "edited" -> "✏️";
            default -> "🏷️";
        };
        String name = label.get("name").nonBlank();
        String color = label.get("color").nonBlank();
        MessageDraft message = new MessageDraft()
                .author(ctx.author())
                .title(ctx.t("events.label.title", "emoji", ctx.em(emoji), "action", ctx.actionLabel(action),
                        "name", name == null ? ctx.t("common.unknown") : name))
                .color(Palette.PURPLE);
        message.field(ctx.field("label"), name);
        message.field(ctx.field("color"), color == null ? null : "#" + color.replaceFirst("^#", ""));
        message.wideField(ctx.field("description"), TextCut.shorten(label.get("description").nonBlank(), 1024));
        return message;
    }
}
