package dev.webhooker.format.event;

import dev.webhooker.format.BodyText;
import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.Palette;
import dev.webhooker.format.PayloadView;
import dev.webhooker.format.UpdateOrder;

import java.util.Locale;
import java.util.Set;

/** pull_request_review; edited in place per review. */
public final class ReviewFormatter implements EventFormatter {

    @Override
    public Set<String> events() {
        return Set.of("pull_request_review");
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        PayloadView review = ctx.require("review");
        PayloadView pr = ctx.require("pull_request");
        String state = review.get("state").textOr("commented").toLowerCase(Locale.ROOT);
        int color;
        String emoji;
        switch (state) {
            case "approved" -> {
                color = Palette.GREEN;
                emoji = "✅";
            }
            case "changes_requested" -> {
                color = Palette.RED;
                emoji = "🔴";
            }
            default -> {
                color = Palette.GRAY;
                emoji = "💬";
            }
        }
        return new MessageDraft()
                .author(ctx.author())
                .title(ctx.numberedTitle("events.pr_review.title", pr))
                .url(review.get("html_url").nonBlank())
                .color(color)
                .description(ctx.t("events.pr_review.action_review",
                        "emoji", ctx.em(emoji), "action", ctx.actionLabel(ctx.action("submitted")))
                        + BodyText.quotedExcerpt(review.get("body").text(), BodyText.COMMENT_EXCERPT))
                .updateKey(ctx.updateKey("pull_request_review", review.get("id")))
                .updateOrder(UpdateOrder.of(null, review.get("updated_at"), review.get("submitted_at")));
    }
}
