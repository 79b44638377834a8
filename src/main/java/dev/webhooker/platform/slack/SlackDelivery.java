package dev.webhooker.platform.slack;

import dev.webhooker.delivery.PlatformCall;
import dev.webhooker.delivery.RenderedMessage;
import dev.webhooker.format.NeutralMessage;
import dev.webhooker.platform.PlatformDelivery;
import dev.webhooker.platform.Platforms;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.WebhookEvent;

/**
 * A Slack target: Block Kit, posted with {@code slack:webhook} to an incoming webhook, or by the bot with
 * {@code slack:chat.postMessage} / {@code slack:chat.update}.
 */
public final class SlackDelivery implements PlatformDelivery {

    private final SlackRenderer renderer = new SlackRenderer();

    @Override
    public String platform() {
        return "slack";
    }

    @Override
    public RenderedMessage render(Target target, NeutralMessage message, WebhookEvent event) {
        return new SlackMessage(renderer.render(message));
    }

    /** An incoming webhook posts a new message every time; the bot edits the tracked one (its ts) in place. */
    @Override
    public PlatformCall call(Target target, RenderedMessage message, String editMessageId, String idempotencyKey) {
        return request(target, message, null, editMessageId);
    }

    /** A thread is the first message (its ts) and the replies to it ({@code thread_ts}); an edit needs only the ts. */
    @Override
    public PlatformCall callInThread(Target target, RenderedMessage message, String threadRoot, String editMessageId,
                                     String idempotencyKey) {
        return request(target, message, threadRoot, editMessageId);
    }

    private static PlatformCall request(Target target, RenderedMessage message, String threadRoot, String editMessageId) {
        if (!(message instanceof SlackMessage s) || !(target instanceof SlackTarget t)) {
            return Platforms.wrongMessage(target, message);
        }
        if (t.webhook() != null) {
            return Platforms.url(t.webhook().url()).map(url -> PlatformCall.to("slack:webhook", SlackRequest.toWebhook(url, s.body())))
                    .orElseGet(() -> Platforms.noUrl("slack"));
        }
        String thread = threadRoot != null ? threadRoot : t.threadId() == null || t.threadId().isBlank() ? null : t.threadId();
        return editMessageId != null
                ? PlatformCall.to("slack:chat.update", SlackRequest.toChannel(t.channelId(), thread, editMessageId, s.body()))
                : PlatformCall.to("slack:chat.postMessage", SlackRequest.toChannel(t.channelId(), thread, null, s.body()));
    }
}
