package dev.webhooker.format.event;

import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.Palette;

import java.util.Set;

/**
 * Any event without a formatter of its own, and the fallback when an event's own
 * formatter fails. Reads nothing but the action, so it cannot fail on a payload.
 */
public final class GenericFormatter implements EventFormatter {

    @Override
    public Set<String> events() {
        return Set.of();
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        String action = ctx.payload().get("action").nonBlank();
        return new MessageDraft()
                .author(ctx.author())
                .title(ctx.t("events.generic.title", "event", ctx.event(), "action", action == null ? "" : ": " + action))
                .color(Palette.DEFAULT);
    }
}
