package dev.webhooker.platform.teams;

import dev.webhooker.platform.webhook.WebhookTarget;
import dev.webhooker.routing.Target;

/** A Teams channel, by a workflow's or an incoming webhook's URL (the {@code webhook}'s): no message comes back to edit. */
public record TeamsTarget(WebhookTarget.Webhook webhook) implements Target {

    public static final String PLATFORM = "teams";

    public static TeamsTarget posting(String url) {
        return new TeamsTarget(WebhookTarget.Webhook.posting(url));
    }

    @Override
    public String platform() {
        return PLATFORM;
    }

    /** Its host and a short hash of its URL. */
    @Override
    public String id() {
        return (webhook == null ? WebhookTarget.Webhook.posting("") : webhook).id();
    }

    @Override
    public boolean endpoint() {
        return webhook != null;
    }

    @Override
    public String toString() {
        return "Target[teams " + id() + "]";
    }
}
