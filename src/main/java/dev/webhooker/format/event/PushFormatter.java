package dev.webhooker.format.event;

import dev.webhooker.format.BodyText;
import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.LiteralText;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.Palette;
import dev.webhooker.format.PayloadView;
import dev.webhooker.format.RefLinks;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** push; a push that deletes a ref reads like a delete event. */
public final class PushFormatter implements EventFormatter {

    private static final int ALL_COMMITS_UP_TO = 5;
    private static final int SHOWN_WHEN_MORE = 3;

    @Override
    public Set<String> events() {
        return Set.of("push");
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        PayloadView payload = ctx.payload();
        String ref = payload.get("ref").textOr("");
        boolean tag = ref.startsWith("refs/tags/");
        RefLinks refs = ctx.refs();
        MessageDraft draft = new MessageDraft().author(ctx.author());

        if (payload.get("deleted").isTrue()) {
            String link = tag ? refs.tag(ref) : refs.branch(ref);
            return draft.color(Palette.RED).title(ctx.t("events.delete.title",
                    "emoji", ctx.em(tag ? "🏷️" : "🌿"),
                    "type", ctx.word("ref_type", tag ? "tag" : "branch"),
                    "ref", link == null ? RefLinks.code(ctx.t("common.unknown")) : link));
        }

        List<PayloadView> commits = payload.get("commits").items();
        int count = commits.size();
        String refText;
        if (ref.isEmpty()) {
            refText = RefLinks.code(ctx.t("common.unknown"));
        } else if (tag) {
            // The word "tag" stays outside the code span, which shows the tag name alone.
            refText = ctx.t("events.push.tag_ref", "ref", refs.tag(ref));
        } else {
            refText = refs.branch(ref);
        }
        String compare = payload.get("compare").nonBlank();
        if (compare == null) {
            compare = payload.get("compare_url").nonBlank();
        }
        draft.color(Palette.PUSH)
                .url(compare)
                .title(ctx.t("events.push.title", "count", count, "s", count == 1 ? "" : "s", "ref", refText))
                .description(emptyToNull(description(ctx, payload, commits, tag)));
        draft.wideField(ctx.field("changes"), changes(ctx, commits, compare));
        return draft;
    }

    private static String description(FormatContext ctx, PayloadView payload, List<PayloadView> commits, boolean tag) {
        List<String> lines = new ArrayList<>();
        if (payload.get("forced").isTrue()) {
            lines.add(ctx.em("⚠️") + ctx.t("events.push.force_push"));
        }
        if (payload.get("created").isTrue()) {
            lines.add(ctx.em("🆕") + ctx.t(tag ? "events.push.tag_created" : "events.push.branch_created"));
        }
        int count = commits.size();
        List<PayloadView> shown = count <= ALL_COMMITS_UP_TO ? commits : commits.subList(0, SHOWN_WHEN_MORE);
        for (PayloadView commit : shown) {
            lines.add(commitLine(ctx, commit));
        }
        if (count > ALL_COMMITS_UP_TO) {
            lines.add(ctx.t("common.and_n_more", "count", count - SHOWN_WHEN_MORE));
        }
        return String.join("\n", lines);
    }

    private static String commitLine(FormatContext ctx, PayloadView commit) {
        String id = commit.get("id").nonBlank();
        String code = id == null ? "`???????`" : ctx.refs().commit(id);
        String subject = BodyText.commitSubject(commit.get("message").text());
        return code + " " + (subject == null ? ctx.t("common.no_message") : LiteralText.escape(subject));
    }

    /** Distinct paths per kind over all commits, so a file touched by several commits counts once. */
    private static String changes(FormatContext ctx, List<PayloadView> commits, String compare) {
        Set<String> added = new LinkedHashSet<>();
        Set<String> removed = new LinkedHashSet<>();
        Set<String> modified = new LinkedHashSet<>();
        for (PayloadView commit : commits) {
            collect(commit.get("added"), added);
            collect(commit.get("removed"), removed);
            collect(commit.get("modified"), modified);
        }
        List<String> parts = new ArrayList<>();
        if (!added.isEmpty()) {
            parts.add(ctx.t("events.push.added", "count", added.size()));
        }
        if (!removed.isEmpty()) {
            parts.add(ctx.t("events.push.removed", "count", removed.size()));
        }
        if (!modified.isEmpty()) {
            parts.add(ctx.t("events.push.modified", "count", modified.size()));
        }
        String counts = String.join(" | ", parts);
        if (compare == null) {
            return counts.isEmpty() ? null : counts;
        }
        String view = ctx.t("events.push.view_comparison", "url", compare);
        return counts.isEmpty() ? view : view + " " + counts;
    }

    private static String emptyToNull(String text) {
        return text.isEmpty() ? null : text;
    }

    private static void collect(PayloadView paths, Set<String> into) {
        for (PayloadView path : paths.items()) {
            String text = path.nonBlank();
            if (text != null) {
                into.add(text);
            }
        }
    }
}
