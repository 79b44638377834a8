package dev.webhooker.format.event;

import dev.webhooker.format.BodyText;
import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.LiteralText;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.Palette;
import dev.webhooker.format.PayloadView;
import dev.webhooker.format.UpdateOrder;
import dev.webhooker.format.TextCut;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * release. One updateKey per release, so created → published → released edit one
 * message instead of posting three.
 */
public final class ReleaseFormatter implements EventFormatter {

    @Override
    public Set<String> events() {
        return Set.of("release");
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        PayloadView release = ctx.require("release");
        String action = ctx.action("published");
        String tag = release.get("tag_name").nonBlank();
        // A blank name falls back to the tag, never to an empty title.
        String name = release.get("name").nonBlank();
        if (name == null) {
            name = tag != null ? tag : ctx.t("events.release.default_name");
        }
        int color;
        String emoji;
        if ("deleted".equals(action)) {
            color = Palette.RED;
            emoji = "🗑️";
        } else if (release.get("prerelease").isTrue()) {
            color = Palette.YELLOW;
            emoji = "⚠️";
        } else {
            color = Palette.GREEN;
            emoji = "🚀";
        }
        MessageDraft message = new MessageDraft()
                .author(ctx.author())
                .title(ctx.t("events.release.title", "name", LiteralText.escape(name.strip())))
                .url(release.get("html_url").nonBlank())
                .color(color)
                .description(ctx.t("events.release.action_release",
                        "emoji", ctx.em(emoji), "action", ctx.actionLabel(action),
                        "tag", tag == null ? ctx.t("common.unknown") : tag)
                        + BodyText.paragraphExcerpt(release.get("body").text(), BodyText.BODY_EXCERPT))
                .updateKey(ctx.updateKey("release", release.get("id")))
                .updateOrder(UpdateOrder.of(null, release.get("updated_at"), release.get("published_at"), release.get("created_at")));
        // The original's docs promised assets but never showed them.
        message.wideField(ctx.field("assets"), assets(release.get("assets").items()));
        return message;
    }

    private static String assets(List<PayloadView> assets) {
        List<String> lines = new ArrayList<>();
        for (PayloadView asset : assets) {
            String name = asset.get("name").nonBlank();
            if (name == null) {
                continue;
            }
            String url = asset.get("browser_download_url").nonBlank();
            lines.add(url == null ? name : "[" + name + "](" + url + ")");
        }
        return lines.isEmpty() ? null : TextCut.shorten(String.join("\n", lines), 1024);
    }
}
