package dev.webhooker.format.event;

import dev.webhooker.format.BodyText;
import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.Palette;
import dev.webhooker.format.PayloadView;

import java.util.List;
import java.util.Set;

/** issues. */
public final class IssuesFormatter implements EventFormatter {

    @Override
    public Set<String> events() {
        return Set.of("issues");
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        PayloadView issue = ctx.require("issue");
        String action = ctx.action("opened");
        int color;
        String emoji;
        switch (action) {
            case "closed" -> {
                color = Palette.RED;
                emoji = "🔴";
            }
            case "reopened" -> {
                color = Palette.BLUE;
                emoji = "🟣";
            }
            case "opened" -> {
                color = Palette.GREEN;
                emoji = "🟢";
            }
            default -> {
                color = Palette.PURPLE;
                emoji = "🟣";
            }
        }
        MessageDraft message = new MessageDraft()
                .author(ctx.author())
                .title(ctx.numberedTitle("events.issues.title", issue))
                .url(issue.get("html_url").nonBlank())
                .color(color)
                .description(ctx.t("events.issues.action_issue", "emoji", ctx.em(emoji), "action", ctx.actionLabel(action))
                        + BodyText.paragraphExcerpt(issue.get("body").text(), BodyText.BODY_EXCERPT));
        message.field(ctx.field("labels"), FormatContext.joinNames(issue.get("labels").items(), "name"));
        List<PayloadView> assignees = issue.get("assignees").items();
        String assigneeNames = FormatContext.joinNames(assignees, "login");
        if (assigneeNames == null && issue.get("assignee").isObject()) {
            assigneeNames = FormatContext.joinNames(List.of(issue.get("assignee")), "login");
        }
        message.field(ctx.field("assignees"), assigneeNames);
        if (issue.get("milestone").isObject()) {
            message.field(ctx.field("milestone"), issue.get("milestone", "title").textOr(ctx.t("common.unknown")));
        }
        return message;
    }
}
