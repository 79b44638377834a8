package dev.webhooker.format.event;

import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.Palette;
import dev.webhooker.format.PayloadView;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** ping, including the hook's event list the original only promised. */
public final class PingFormatter implements EventFormatter {

    @Override
    public Set<String> events() {
        return Set.of("ping");
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        PayloadView payload = ctx.payload();
        MessageDraft message = new MessageDraft()
                .author(ctx.author())
                .title(ctx.t("events.ping.title"))
                .color(Palette.DEFAULT)
                .description(payload.get("zen").nonBlank());
        message.field(ctx.field("details"), payload.get("hook_id").nonBlank());
        List<String> events = new ArrayList<>();
        for (PayloadView event : payload.get("hook", "events").items()) {
            String name = event.nonBlank();
            if (name != null) {
                events.add(name);
            }
        }
        message.field(ctx.field("events"), events.isEmpty() ? null : String.join(", ", events));
        return message;
    }
}
