package dev.webhooker.format.event;

import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.PayloadView;
import dev.webhooker.format.TextCut;

import java.util.Set;

/** status, a commit status. */
public final class StatusFormatter implements EventFormatter {

    @Override
    public Set<String> events() {
        return Set.of("status");
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        PayloadView payload = ctx.payload();
        String state = payload.get("state").textOr("pending");
        String context = payload.get("context").nonBlank();
        StateLook look = StateLook.of(state);
        String stateWord = ctx.word("status", state);
        MessageDraft message = new MessageDraft()
                .author(ctx.author())
                .title(ctx.t("events.status.title",
                        "context", context == null ? ctx.t("common.unknown") : context, "state", stateWord))
                .url(payload.get("target_url").nonBlank())
                .color(look.color);
        message.field(ctx.field("status"), ctx.em(look.emoji) + stateWord);
        message.field(ctx.field("context"), context);
        message.field(ctx.field("commit"), ctx.refs().commit(payload.get("sha").nonBlank()));
        message.wideField(ctx.field("description"), TextCut.shorten(payload.get("description").nonBlank(), 1024));
        return message;
    }
}
