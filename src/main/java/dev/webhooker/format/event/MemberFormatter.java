package dev.webhooker.format.event;

import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.Palette;

import java.util.Set;

/** member, a collaborator change; an edit is neutral grey, not red. */
public final class MemberFormatter implements EventFormatter {

    @Override
    public Set<String> events() {
        return Set.of("member");
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        String action = ctx.action("added");
        String emoji;
        int color;
        switch (action) {
            case "added" -> {
                emoji = "➕";
                color = Palette.GREEN;
            }
            case "removed" -> {
                emoji = "➖";
                color = Palette.RED;
            }
            default -> {
                emoji = "👤";
                color = Palette.GRAY;
            }
        }
        return new MessageDraft()
                .author(ctx.author())
                .title(ctx.t("events.member.title", "emoji", ctx.em(emoji), "action", ctx.actionLabel(action),
                        "name", ctx.payload().get("member", "login").textOr(ctx.t("common.unknown"))))
                .color(color);
    }
}
