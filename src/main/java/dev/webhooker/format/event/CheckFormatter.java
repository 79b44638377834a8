package dev.webhooker.format.event;

import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.PayloadView;
import dev.webhooker.format.UpdateOrder;
import dev.webhooker.format.RunStatus;
import dev.webhooker.format.TextCut;

import java.util.Set;

/** check_run and check_suite; both edited in place. */
public final class CheckFormatter implements EventFormatter {

    @Override
    public Set<String> events() {
        return Set.of("check_run", "check_suite");
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        return "check_run".equals(ctx.event()) ? checkRun(ctx) : checkSuite(ctx);
    }

    private static MessageDraft checkRun(FormatContext ctx) {
        PayloadView run = ctx.require("check_run");
        String status = RunStatus.of(run.get("status").nonBlank(), run.get("conclusion").nonBlank());
        MessageDraft message = new MessageDraft()
                .author(ctx.author())
                .title(ctx.t("events.check_run.title",
                        "name", run.get("name").textOr(ctx.t("events.check_run.default_name")),
                        "conclusion", ctx.word("status", status)))
                .url(run.get("html_url").nonBlank())
                .color(RunStatus.color(status))
                .updateKey(ctx.updateKey("check_run", run.get("id")))
                .updateOrder(UpdateOrder.of(run.get("status").nonBlank(), run.get("completed_at"), run.get("started_at")));
        message.field(ctx.field("status"), ctx.em(RunStatus.emoji(status)) + ctx.word("status", status));
        message.wideField(ctx.field("details"), TextCut.shorten(run.get("output", "title").nonBlank(), 1024));
        return message;
    }

    private static MessageDraft checkSuite(FormatContext ctx) {
        PayloadView suite = ctx.require("check_suite");
        String status = RunStatus.of(suite.get("status").nonBlank(), suite.get("conclusion").nonBlank());
        String sha = suite.get("head_sha").nonBlank();
        String url = suite.get("html_url").nonBlank();
        if (url == null && sha != null && ctx.baseUrl() != null) {
            url = ctx.baseUrl() + "/commit/" + sha + "/checks";
        }
        MessageDraft message = new MessageDraft()
                .author(ctx.author())
                .title(ctx.t("events.check_suite.title", "conclusion", ctx.word("status", status)))
                .url(url)
                .color(RunStatus.color(status))
                .updateKey(ctx.updateKey("check_suite", suite.get("id")))
                .updateOrder(UpdateOrder.of(suite.get("status").nonBlank(), suite.get("updated_at")));
        message.field(ctx.field("status"), ctx.em(RunStatus.emoji(status)) + ctx.word("status", status));
        message.field(ctx.field("service"), suite.get("app", "name").nonBlank());
        message.field(ctx.field("branch"), ctx.refs().branch(suite.get("head_branch").nonBlank()));
        message.field(ctx.field("commit"), ctx.refs().commit(sha));
        return message;
    }
}
