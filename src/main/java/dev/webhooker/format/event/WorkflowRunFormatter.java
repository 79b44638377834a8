package dev.webhooker.format.event;

import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.PayloadView;
import dev.webhooker.format.UpdateOrder;
import dev.webhooker.format.RunStatus;
import dev.webhooker.format.TextCut;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** workflow_run; edited in place per run. */
public final class WorkflowRunFormatter implements EventFormatter {

    @Override
    public Set<String> events() {
        return Set.of("workflow_run");
    }

    /**
     * The run's name; GitHub leaves it empty for some runs (re-runs, dependabot) while the payload still
     * names the workflow, or at least its file.
     */
    private static String name(FormatContext ctx, PayloadView run) {
        String name = run.get("name").nonBlank();
        if (name == null) {
            name = ctx.payload().get("workflow", "name").nonBlank();
        }
        String path = run.get("path").nonBlank();
        if (name == null && path != null) {
            name = path.substring(path.lastIndexOf('/') + 1);
        }
        return name == null ? ctx.t("events.workflow_run.default_name") : name;
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        PayloadView run = ctx.require("workflow_run");
        String status = RunStatus.ofRun(ctx.action(""), run.get("conclusion").nonBlank());
        String name = name(ctx, run);
        String url = run.get("html_url").nonBlank();
        String runText = name + " — " + ctx.word("status", status);
        String runLink = url == null ? runText : "[" + runText + "](" + url + ")";

        MessageDraft message = new MessageDraft()
                .author(ctx.author())
                .title(ctx.t("events.workflow_run.title", "run", runLink))
                .url(url)
                .color(RunStatus.color(status))
                .updateKey(ctx.updateKey("workflow_run", run.get("id")))
                .updateOrder(UpdateOrder.of(run.get("status").textOr(ctx.action("")), run.get("updated_at")));
        message.field(ctx.field("status"), ctx.em(RunStatus.emoji(status)) + ctx.word("status", status));
        message.wideField(ctx.field("job"), jobs(ctx, run.get("jobs").items()));
        message.field(ctx.field("branch"), ctx.refs().branch(run.get("head_branch").nonBlank()));
        Long runNumber = run.get("run_number").longValue();
        if (runNumber != null && runNumber != 0) {
            message.field(ctx.field("run"), "#" + runNumber);
        }
        message.field(ctx.field("duration"), duration(ctx, run, status));
        return message;
    }

    private static String jobs(FormatContext ctx, List<PayloadView> jobs) {
        List<String> lines = new ArrayList<>();
        for (PayloadView job : jobs) {
            String conclusion = job.get("conclusion").nonBlank();
            lines.add(ctx.em(RunStatus.emoji(conclusion)) + TextCut.cap(job.get("name").textOr("?"), 200));
        }
        return lines.isEmpty() ? null : TextCut.shorten(String.join("\n", lines), 1024);
    }

    /**
     * GitHub sends no elapsed_seconds: a finished run's duration is updated_at − run_started_at.
     */
    private static String duration(FormatContext ctx, PayloadView run, String status) {
        Long seconds = run.get("elapsed_seconds").longValue();
        if (seconds == null && !"running".equals(status) && !"queued".equals(status) && !"pending".equals(status)) {
            seconds = between(run.get("run_started_at").nonBlank(), run.get("updated_at").nonBlank());
        }
        if (seconds == null || seconds < 0) {
            return null;
        }
        return ctx.t("common.duration", "minutes", seconds / 60, "seconds", seconds % 60);
    }

    private static Long between(String start, String end) {
        if (start == null || end == null) {
            return null;
        }
        try {
            return Duration.between(Instant.parse(start), Instant.parse(end)).getSeconds();
        } catch (DateTimeParseException unparseable) {
            return null;
        }
    }
}
