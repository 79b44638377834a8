package dev.webhooker.format.event;

import dev.webhooker.format.BodyText;
import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.Palette;
import dev.webhooker.format.PayloadView;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** pull_request, with merge/close buttons for open, non-draft GitHub PRs. */
public final class PullRequestFormatter implements EventFormatter {

    /** Discord rejects a custom_id longer than this. */
    static final int MAX_CUSTOM_ID = 100;

    @Override
    public Set<String> events() {
        return Set.of("pull_request");
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        PayloadView pr = ctx.require("pull_request");
        String action = ctx.action("opened");
        boolean merged = pr.get("merged").isTrue();
        boolean draft = pr.get("draft").isTrue();
        // A merge arrives as "closed" with merged=true; say what happened.
        String shownAction = merged && "closed".equals(action) ? "merged" : action;

        MessageDraft message = new MessageDraft()
                .author(ctx.author())
                .title(ctx.numberedTitle("events.pr.title", pr))
                .url(pr.get("html_url").nonBlank())
                .color(color(action, merged))
                .description(ctx.t(draft ? "events.pr.action_draft_pr" : "events.pr.action_pr",
                        "emoji", ctx.em(emoji(action, merged)),
                        "action", ctx.actionLabel(shownAction))
                        + BodyText.paragraphExcerpt(pr.get("body").text(), BodyText.BODY_EXCERPT));

        String head = ctx.refs().branch(pr.get("head", "ref").nonBlank(), null, pr.get("head", "repo", "html_url").nonBlank());
        String base = ctx.refs().branch(pr.get("base", "ref").nonBlank(), null, pr.get("base", "repo", "html_url").nonBlank());
        if (head != null && base != null) {
            message.field(ctx.field("branch"), head + " → " + base);
        }
        message.field(ctx.field("changes"), changes(ctx, pr));
        message.field(ctx.field("labels"), FormatContext.joinNames(pr.get("labels").items(), "name"));
        addButtons(ctx, pr, draft, message);
        return message;
    }

    private static int color(String action, boolean merged) {
        if (merged) {
            return Palette.PURPLE;
        }
        return switch (action) {
            case "closed" -> Palette.RED;
            case "opened", "ready_for_review" -> Palette.GREEN;
            default -> Palette.BLUE;
        };
    }

    private static String emoji(String action, boolean merged) {
        if (merged) {
            return "🟣";
        }
        return switch (action) {
            case "closed" -> "🔴";
            case "opened" -> "🟢";
            default -> "🔵";
        };
    }

    private static String changes(FormatContext ctx, PayloadView pr) {
        List<String> parts = new ArrayList<>();
        Long additions = pr.get("additions").longValue();
        Long deletions = pr.get("deletions").longValue();
        Long files = pr.get("changed_files").longValue();
        if (additions != null) {
            parts.add("+" + additions);
        }
        if (deletions != null) {
            parts.add("-" + deletions);
        }
        if (files != null) {
            parts.add(ctx.t("common.n_files", "count", files, "s", files == 1 ? "" : "s"));
        }
        return parts.isEmpty() ? null : String.join(" | ", parts);
    }

    /**
     * The buttons act through the GitHub API, so they appear only for open, non-draft GitHub PRs
     * and only when the custom_id fits Discord's limit.
     */
    private static void addButtons(FormatContext ctx, PayloadView pr, boolean draft, MessageDraft message) {
        String repo = ctx.repo();
        Long number = pr.get("number").longValue();
        if (!"github".equals(ctx.provider()) || draft || !"open".equals(pr.get("state").text())
                || repo == null || number == null) {
            return;
        }
        int slash = repo.indexOf('/');
        if (slash <= 0 || slash == repo.length() - 1) {
            return;
        }
        String owner = repo.substring(0, slash);
        String name = repo.substring(slash + 1);
        String suffix = "|" + owner + "|" + name + "|" + number;
        String merge = "ghpr|merge" + suffix;
        String close = "ghpr|close" + suffix;
        if (merge.length() > MAX_CUSTOM_ID || close.length() > MAX_CUSTOM_ID) {
            return;
        }
        message.action(merge, ctx.actionLabel("merge"), "primary");
        message.action(close, ctx.actionLabel("close"), "danger");
    }
}
