package dev.webhooker.format.event;

import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.Palette;
import dev.webhooker.format.PayloadView;

import java.util.Set;

/** milestone. The progress bar is a chart, not decoration: it stays with emoji off. */
public final class MilestoneFormatter implements EventFormatter {

    @Override
    public Set<String> events() {
        return Set.of("milestone");
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        PayloadView milestone = ctx.require("milestone");
        boolean closed = "closed".equals(milestone.get("state").text());
        String title = milestone.get("title").nonBlank();
        MessageDraft message = new MessageDraft()
                .author(ctx.author())
                .title(ctx.t("events.milestone.title", "emoji", ctx.em(closed ? "✅" : "🔵"),
                        "action", ctx.actionLabel(ctx.action("created")),
                        "title", title == null ? ctx.t("common.unknown") : title))
                .url(milestone.get("html_url").nonBlank())
                .color(closed ? Palette.GREEN : Palette.BLUE);
        message.field(ctx.field("milestone"), title);
        Long number = milestone.get("number").longValue();
        if (number != null && number != 0) {
            message.field(ctx.field("number"), "#" + number);
        }
        message.wideField(ctx.field("progress"), progress(milestone));
        String due = milestone.get("due_on").nonBlank();
        message.field(ctx.field("due"), due == null ? null : due.split("T", 2)[0]);
        return message;
    }

    static String progress(PayloadView milestone) {
        Long open = milestone.get("open_issues").longValue();
        Long closed = milestone.get("closed_issues").longValue();
        if (open == null || closed == null) {
            return null;
        }
        long total = open + closed;
        long pct = total == 0 ? 0 : Math.round(closed * 100.0 / total);
        String bar = pct >= 75 ? "🟢🟢🟢" : pct >= 50 ? "🟡🟡" : pct > 0 ? "🟠" : "⬜";
        return bar + " " + closed + "/" + total + " (" + pct + "%)";
    }
}
