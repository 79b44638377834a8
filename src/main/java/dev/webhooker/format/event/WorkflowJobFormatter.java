package dev.webhooker.format.event;

import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.PayloadView;
import dev.webhooker.format.UpdateOrder;
import dev.webhooker.format.RunStatus;

import java.util.Set;

/**
 * workflow_job. Ours has an updateKey per job, so queued → in_progress → completed
 * edit one message instead of posting three.
 */
public final class WorkflowJobFormatter implements EventFormatter {

    @Override
    public Set<String> events() {
        return Set.of("workflow_job");
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        PayloadView job = ctx.require("workflow_job");
        String status = RunStatus.of(job.get("status").nonBlank(), job.get("conclusion").nonBlank());
        String name = job.get("name").nonBlank();
        MessageDraft message = new MessageDraft()
                .author(ctx.author())
                .title(ctx.t("events.workflow_job.title",
                        "name", name == null ? ctx.t("events.workflow_job.default_name") : name,
                        "conclusion", ctx.word("status", status)))
                .url(job.get("html_url").nonBlank())
                .color(RunStatus.color(status))
                .updateKey(ctx.updateKey("workflow_job", job.get("id")))
                .updateOrder(UpdateOrder.of(job.get("status").nonBlank(), job.get("completed_at"), job.get("started_at")));
        message.field(ctx.field("status"), ctx.em(RunStatus.emoji(status)) + ctx.word("status", status));
        message.field(ctx.field("job"), name);
        message.field(ctx.field("workflow"), job.get("workflow_name").nonBlank());
        message.field(ctx.field("branch"), ctx.refs().branch(job.get("head_branch").nonBlank()));
        message.field(ctx.field("commit"), ctx.refs().commit(job.get("head_sha").nonBlank()));
        return message;
    }
}
