package dev.webhooker.format.event;

import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.Palette;

import java.util.Set;

/** star and fork; a star shows the new star count. */
public final class StarForkFormatter implements EventFormatter {

    @Override
    public Set<String> events() {
        return Set.of("star", "fork");
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        String repositoryUrl = ctx.payload().get("repository", "html_url").nonBlank();
        if ("star".equals(ctx.event())) {
            boolean starred = "created".equals(ctx.action("created"));
            MessageDraft message = new MessageDraft()
                    .author(ctx.author())
                    .title(ctx.t("events.star.title",
                            "emoji", ctx.em(starred ? "⭐️" : "💫"),
                            "label", ctx.t(starred ? "events.star.starred" : "events.star.unstarred")))
                    .url(repositoryUrl)
                    .color(Palette.YELLOW);
            Long stars = ctx.payload().get("repository", "stargazers_count").longValue();
            message.field(ctx.field("stars"), stars == null ? null : stars.toString());
            return message;
        }
        String forkee = ctx.payload().get("forkee", "full_name").textOr(ctx.t("common.unknown"));
        String forkUrl = ctx.payload().get("forkee", "html_url").nonBlank();
        return new MessageDraft()
                .author(ctx.author())
                .title(ctx.t("events.fork.title", "emoji", ctx.em("🍴"), "forkee", forkee))
                .url(forkUrl != null ? forkUrl : repositoryUrl)
                .color(Palette.BLUE);
    }
}
