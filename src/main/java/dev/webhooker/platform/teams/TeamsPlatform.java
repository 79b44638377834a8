package dev.webhooker.platform.teams;


import dev.webhooker.platform.webhook.WebhookTargetRules;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.TargetJson;
import dev.webhooker.routing.TargetPlatform;
import dev.webhooker.routing.TargetProblems;

/** Teams targets in the configuration: the {@code url} of a workflow or incoming webhook, a credential stored and shown only sealed. */
public final class TeamsPlatform implements TargetPlatform {

    /** A Teams target's wire shape: the workflow's URL, a credential. */
    record TeamsJson(String url) {
    }

    @Override
    public String name() {
        return TeamsTarget.PLATFORM;
    }

    @Override
    public Class<? extends Record> wireShape() {
        return TeamsJson.class;
    }

    @Override
    public Target read(TargetJson json) {
        return TeamsTarget.posting(json.opened(json.bind(TeamsJson.class).url(), "url"));
    }

    @Override
    public void write(Target target, TargetJson json) {
        TeamsTarget t = (TeamsTarget) target;
        if (t.webhook() != null) {
            // the URL is the credential to post into the channel
            json.putSealed("url", t.webhook().url(), "a Slack or Teams URL");
        }
    }

    @Override
    public void check(Target target, TargetProblems problems) {
        TeamsTarget t = (TeamsTarget) target;
        WebhookTargetRules.checkPostingUrl(t.webhook() == null ? null : t.webhook().url(), "teams", problems);
    }
}
