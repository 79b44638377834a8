package dev.webhooker.platform.slack;

import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

import dev.webhooker.platform.webhook.WebhookTargetRules;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.TargetJson;
import dev.webhooker.routing.TargetPlatform;
import dev.webhooker.routing.TargetProblems;

/**
 * Slack targets in the configuration: the {@code url} of an incoming webhook (a credential: stored and shown only
 * sealed), or the bot's {@code channelId} (C, G or D and upper-case letters and digits) with an optional
 * {@code threadId} (a message ts, seconds.micro).
 */
public final class SlackPlatform implements TargetPlatform {

    private static final Pattern CHANNEL = Pattern.compile("^[CGD][A-Z0-9]{8,20}$");
    private static final Pattern TS = Pattern.compile("^[0-9]{1,12}\\.[0-9]{1,8}$");
    /** A member id of the workspace ({@code U…}, or {@code W…} in an Enterprise Grid). */
    private static final Pattern MEMBER = Pattern.compile("^[UW][A-Z0-9]{8,20}$");

    /** A Slack target's wire shape: an incoming webhook's URL (a credential), or a channel of the bot and its thread. */
    record SlackJson(String url,
                     @JsonDeserialize(using = TargetJson.PlatformId.class) String channelId,
                     @JsonDeserialize(using = TargetJson.PlatformId.class) String threadId,
                     @TargetJson.Refused("must be true or false") Boolean threads) {
    }

    @Override
    public String name() {
        return SlackTarget.PLATFORM;
    }

    @Override
    public Class<? extends Record> wireShape() {
        return SlackJson.class;
    }

    @Override
    public Target read(TargetJson json) {
        SlackJson bound = json.bind(SlackJson.class);
        String url = json.opened(bound.url(), "url");
        if (url != null && (bound.channelId() != null || bound.threadId() != null)) {
            throw json.problem("url", "give url (an incoming webhook) or channelId (the bot), not both");
        }
        boolean threads = Boolean.TRUE.equals(bound.threads());
        if (url != null && threads) {
            throw json.problem("threads", "an incoming webhook cannot answer in a thread: threads need the bot's channelId");
        }
        if (url != null) {
            return SlackTarget.posting(url);
        }
        return new SlackTarget(bound.channelId(), TargetJson.orNull(bound.threadId()), null, threads);
    }

    @Override
    public void write(Target target, TargetJson json) {
        SlackTarget t = (SlackTarget) target;
        if (t.webhook() != null) {
            // the URL is the credential to post into the channel
            json.putSealed("url", t.webhook().url(), "a Slack or Teams URL");
            return;
        }
        json.put("channelId", t.channelId());
        json.putPresent("threadId", t.threadId());
        if (t.threads()) {
            json.put("threads", true);
        }
    }

    @Override
    public void check(Target target, TargetProblems problems) {
        SlackTarget t = (SlackTarget) target;
        problems.checkLength("channelId", t.channelId());
        problems.checkLength("threadId", t.threadId());
        if (t.webhook() != null) {
            WebhookTargetRules.checkPostingUrl(t.webhook().url(), "slack", problems);
        } else {
            problems.checkRequiredId("channelId", t.channelId(), "required for a slack target: a channel id (C…) for the bot, or"
                    + " the url of an incoming webhook", this::chatIdProblem);
        }
        problems.checkOptionalId("threadId", t.threadId(),
                id -> TS.matcher(id).matches() ? null : "a Slack message ts such as 1700000000.000100");
        if (t.threads() && t.threadId() != null && !t.threadId().isBlank()) {
            problems.add("threads", "threads start in a channel: leave threadId empty, or threads off");
        }
    }

    @Override
    public boolean hasBotChats() {
        return true;
    }

    @Override
    public Limit overLimit(String title, String body, String footer) {
        return TargetPlatform.firstOver(new Limit("title", TargetPlatform.length(title), SlackLimits.TITLE),
                new Limit("body", TargetPlatform.length(body), SlackLimits.SECTION_TEXT), new Limit("footer", TargetPlatform.length(footer), SlackLimits.CONTEXT_TEXT));
    }

    @Override
    public boolean mentionsPeople() {
        return true;
    }

    @Override
    public String personIdProblem(String id) {
        return MEMBER.matcher(id).matches() ? null : "a Slack member id such as U0123ABCD (in the profile: Copy member ID)";
    }

    @Override
    public String chatIdProblem(String id) {
        return CHANNEL.matcher(id).matches() ? null : "a Slack channel id such as C0123ABCD (the id, not the #name)";
    }
}
