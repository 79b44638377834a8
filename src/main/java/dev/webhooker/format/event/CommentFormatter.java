package dev.webhooker.format.event;

import dev.webhooker.format.BodyText;
import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.Palette;
import dev.webhooker.format.PayloadView;
import dev.webhooker.format.UpdateOrder;

import java.util.Set;

/**
 * Comments that reuse their parent's title: issue_comment,
 * pull_request_review_comment, commit_comment and discussion_comment.
 */
public final class CommentFormatter implements EventFormatter {

    @Override
    public Set<String> events() {
        return Set.of("issue_comment", "pull_request_review_comment", "commit_comment", "discussion_comment");
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        return switch (ctx.event()) {
            case "issue_comment" -> issueComment(ctx);
            case "pull_request_review_comment" -> reviewComment(ctx);
            case "commit_comment" -> commitComment(ctx);
            default -> discussionComment(ctx);
        };
    }

    private static MessageDraft issueComment(FormatContext ctx) {
        PayloadView issue = ctx.require("issue");
        PayloadView comment = ctx.require("comment");
        String url = comment.get("html_url").nonBlank();
        return new MessageDraft()
                .author(ctx.author())
                .title(ctx.numberedTitle("events.issue_comment.title", issue))
                .url(url != null ? url : issue.get("html_url").nonBlank())
                .color(Palette.COMMENT_GRAY)
                .description(ctx.t("events.issue_comment.action_comment",
                        "emoji", ctx.em("💬"), "action", ctx.actionLabel(ctx.action("created")))
                        + BodyText.quotedExcerpt(comment.get("body").text(), BodyText.COMMENT_EXCERPT))
                .updateKey(ctx.updateKey("issue_comment", comment.get("id")))
                .updateOrder(UpdateOrder.of(null, comment.get("updated_at"), comment.get("created_at")));
    }

    private static MessageDraft reviewComment(FormatContext ctx) {
        PayloadView comment = ctx.require("comment");
        PayloadView pr = ctx.payload().get("pull_request");
        if (!pr.isObject()) {
            // Gitea's pull_request_comment carries the PR as "issue" (ingress copies it; tolerate raw payloads).
            pr = ctx.require("issue");
        }
        MessageDraft message = new MessageDraft()
                .author(ctx.author())
                .title(ctx.numberedTitle("events.pr_review_comment.title", pr))
                .url(comment.get("html_url").nonBlank())
                .color(Palette.GRAY)
                .description(ctx.t("events.pr_review_comment.action_inline",
                        "emoji", ctx.em("💬"), "action", ctx.actionLabel(ctx.action("created")))
                        + BodyText.quotedExcerpt(comment.get("body").text(), BodyText.REVIEW_COMMENT_EXCERPT))
                .updateKey(ctx.updateKey("pull_request_review_comment", comment.get("id")))
                .updateOrder(UpdateOrder.of(null, comment.get("updated_at"), comment.get("created_at")));
        String path = comment.get("path").nonBlank();
        if (path != null) {
            // The file line, not GitHub's diff "position".
            String line = comment.get("line").nonBlank();
            if (line == null) {
                line = comment.get("original_line").nonBlank();
            }
            if (line == null) {
                line = comment.get("position").nonBlank();
            }
            message.wideField(ctx.field("file"), "`" + path + "`"
                    + (line == null ? "" : ctx.t("events.pr_review_comment.line", "position", line)));
        }
        return message;
    }

    private static MessageDraft commitComment(FormatContext ctx) {
        PayloadView comment = ctx.require("comment");
        String sha = comment.get("commit_id").nonBlank();
        if (sha == null) {
            sha = ctx.payload().get("commit_id").nonBlank();
        }
        String link = ctx.refs().commit(sha);
        return new MessageDraft()
                .author(ctx.author())
                .title(link == null
                        ? ctx.t("events.commit_comment.title_plain")
                        : ctx.t("events.commit_comment.title", "sha", link))
                .url(comment.get("html_url").nonBlank())
                .color(Palette.COMMENT_GRAY)
                .description(ctx.t("events.commit_comment.action_comment",
                        "emoji", ctx.em("💬"), "action", ctx.actionLabel(ctx.action("created")))
                        + BodyText.quotedExcerpt(comment.get("body").text(), BodyText.COMMENT_EXCERPT))
                .field(ctx.field("commit"), link);
    }

    private static MessageDraft discussionComment(FormatContext ctx) {
        PayloadView discussion = ctx.require("discussion");
        PayloadView comment = ctx.require("comment");
        return new MessageDraft()
                .author(ctx.author())
                .title(ctx.numberedTitle("events.discussion_comment.title", discussion))
                .url(comment.get("html_url").nonBlank())
                .color(Palette.COMMENT_GRAY)
                .description(ctx.t("events.discussion_comment.action_comment",
                        "emoji", ctx.em("💬"), "action", ctx.actionLabel(ctx.action("created")))
                        + BodyText.quotedExcerpt(comment.get("body").text(), BodyText.COMMENT_EXCERPT));
    }
}
