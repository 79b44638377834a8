package dev.webhooker.platform.teams;

import dev.webhooker.delivery.PlatformCall;
import dev.webhooker.delivery.RenderedMessage;
import dev.webhooker.format.NeutralMessage;
import dev.webhooker.platform.PlatformDelivery;
import dev.webhooker.platform.Platforms;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.WebhookEvent;

/** A Teams target: an Adaptive Card, posted with {@code teams:post} to the workflow's URL (never edited: none is given back). */
public final class TeamsDelivery implements PlatformDelivery {

    private final TeamsRenderer renderer = new TeamsRenderer();

    @Override
    public String platform() {
        return "teams";
    }

    @Override
    public RenderedMessage render(Target target, NeutralMessage message, WebhookEvent event) {
        return new TeamsMessage(renderer.render(message));
    }

    @Override
    public PlatformCall call(Target target, RenderedMessage message, String editMessageId, String idempotencyKey) {
        if (!(message instanceof TeamsMessage m) || !(target instanceof TeamsTarget t)) {
            return Platforms.wrongMessage(target, message);
        }
        return Platforms.url(t.webhook() == null ? null : t.webhook().url())
                .map(url -> PlatformCall.to("teams:post", new TeamsComponent.TeamsRequest(url, m.body())))
                .orElseGet(() -> Platforms.noUrl("teams"));
    }
}
