package dev.webhooker.format.event;

import dev.webhooker.format.EventFormatter;
import dev.webhooker.format.FormatContext;
import dev.webhooker.format.MessageDraft;
import dev.webhooker.format.Palette;
import dev.webhooker.format.PayloadView;
import dev.webhooker.format.UpdateOrder;
import dev.webhooker.format.TextCut;

import java.util.Set;

/**
 * deployment and deployment_status. Both share the updateKey
 * {@code deployment:{repo}:{id}}, so status changes edit the deployment's message.
 */
public final class DeploymentFormatter implements EventFormatter {

    @Override
    public Set<String> events() {
        return Set.of("deployment", "deployment_status");
    }

    @Override
    public MessageDraft format(FormatContext ctx) {
        return "deployment".equals(ctx.event()) ? deployment(ctx) : deploymentStatus(ctx);
    }

    private static MessageDraft deployment(FormatContext ctx) {
        PayloadView deployment = ctx.require("deployment");
        String env = deployment.get("environment").textOr(ctx.t("common.unknown"));
        String created = ctx.word("status", "created");
        String url = deployment.get("html_url").nonBlank();
        MessageDraft message = new MessageDraft()
                .author(ctx.author())
                .title(ctx.t("events.deployment.title", "env", env, "state", created))
                // Never the API statuses_url: the repository's deployments page instead.
                .url(url != null ? url : deploymentsPage(ctx))
                .color(Palette.YELLOW)
                .updateKey(ctx.updateKey("deployment", deployment.get("id")))
                // a status always comes after its deployment's creation, so created ranks below every state
                .updateOrder(UpdateOrder.of("created", deployment.get("updated_at"), deployment.get("created_at")));
        message.field(ctx.field("status"), ctx.em("🚀") + created);
        common(ctx, deployment, env, message);
        message.wideField(ctx.field("description"), TextCut.shorten(deployment.get("description").nonBlank(), 1024));
        return message;
    }

    private static MessageDraft deploymentStatus(FormatContext ctx) {
        PayloadView status = ctx.require("deployment_status");
        PayloadView deployment = ctx.payload().get("deployment");
        String state = status.get("state").textOr("pending");
        String env = status.get("environment").nonBlank();
        if (env == null) {
            env = deployment.get("environment").textOr(ctx.t("common.unknown"));
        }
        StateLook look = StateLook.of(state);
        String stateWord = ctx.word("status", state);
        String url = first(status.get("log_url").nonBlank(), status.get("target_url").nonBlank(),
                status.get("environment_url").nonBlank());
        MessageDraft message = new MessageDraft()
                .author(ctx.author())
                .title(ctx.t("events.deployment.title", "env", env, "state", stateWord))
                .url(url != null ? url : deploymentsPage(ctx))
                .color(look.color)
                .updateKey(ctx.updateKey("deployment", deployment.get("id")))
                .updateOrder(UpdateOrder.of(state, status.get("updated_at"), status.get("created_at")));
        // The state word, not the status object.
        message.field(ctx.field("status"), ctx.em(look.emoji) + stateWord);
        common(ctx, deployment, env, message);
        message.wideField(ctx.field("url"), status.get("environment_url").nonBlank());
        message.wideField(ctx.field("description"), TextCut.shorten(status.get("description").nonBlank(), 1024));
        return message;
    }

    private static void common(FormatContext ctx, PayloadView deployment, String env, MessageDraft message) {
        message.field(ctx.field("environment"), env);
        message.field(ctx.field("branch_tag"), ctx.refs().branchOrTag(deployment.get("ref").nonBlank()));
        message.field(ctx.field("commit"), ctx.refs().commit(deployment.get("sha").nonBlank()));
    }

    private static String deploymentsPage(FormatContext ctx) {
        return "github".equals(ctx.provider()) && ctx.baseUrl() != null ? ctx.baseUrl() + "/deployments" : null;
    }

    private static String first(String... candidates) {
        for (String candidate : candidates) {
            if (candidate != null) {
                return candidate;
            }
        }
        return null;
    }
}
