package dev.webhooker.format.event;

import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.Palette;
import dev.webhooker.format.PayloadView;
import dev.webhooker.format.TextCut;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** repository, reading the paths GitHub really sends for renames and transfers. */
public final class RepositoryFormatter implements EventFormatter {

    @Override
    public Set<String> events() {
        return Set.of("repository");
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        PayloadView repository = ctx.require("repository");
        String action = ctx.action("created");
        String url = repository.get("html_url").nonBlank();
        MessageDraft message = new MessageDraft()
                .author(ctx.author())
                .title(ctx.t("events.repository.title", "emoji", ctx.em("📦"), "action", ctx.actionLabel(action)))
                .url(url)
                .color(Palette.GRAY);
        String fullName = repository.get("full_name").textOr(ctx.t("common.unknown"));
        PayloadView changes = ctx.payload().get("changes");
        switch (action) {
            case "renamed" -> {
                String from = changes.get("repository", "name", "from").nonBlank();
                if (from == null) {
                    from = changes.get("name", "from").nonBlank();
                }
                message.wideField(ctx.field("renamed"), from == null ? fullName : from + " → " + fullName);
            }
            case "transferred" -> {
                PayloadView previous = changes.get("owner", "from");
                String from = previous.get("user", "login").nonBlank();
                if (from == null) {
                    from = previous.get("organization", "login").nonBlank();
                }
                if (from == null) {
                    from = previous.get("login").nonBlank();
                }
                String owner = repository.get("owner", "login").textOr(ctx.t("common.unknown"));
                message.wideField(ctx.field("transferred"), from == null ? owner : from + " → " + owner);
            }
            case "created", "publicized", "privatized" -> describe(ctx, repository, url, message);
            default -> {
                // Other actions: the title says it all.
            }
        }
        return message;
    }

    private static void describe(FormatContext ctx, PayloadView repository, String url, MessageDraft message) {
        String visibility = repository.get("visibility").nonBlank();
        if (visibility == null && repository.get("private").isPresent()) {
            visibility = repository.get("private").isTrue() ? "private" : "public";
        }
        if (visibility != null) {
            String key = "events.repository." + visibility;
            message.field(ctx.t("events.repository.visibility"),
                    ctx.texts().has(key) ? ctx.t(key) : visibility);
        }
        if (repository.get("fork").isTrue()) {
            message.field(ctx.t("common.repository"), ctx.t("events.repository.is_fork"));
        }
        List<String> lines = new ArrayList<>();
        if (url != null) {
            lines.add("[" + ctx.em("🔗") + ctx.t("events.repository.open") + "](" + url + ")");
        }
        String description = repository.get("description").nonBlank();
        if (description != null) {
            lines.add("> " + TextCut.shorten(description.strip(), 1024).replace("\n", "\n> "));
        }
        message.description(lines.isEmpty() ? null : String.join("\n", lines));
    }
}
