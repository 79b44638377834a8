package dev.webhooker.platform.slack;

import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.webhooker.platform.webhook.WebhookTarget;
import dev.webhooker.routing.Target;

/**
 * A Slack channel: the bot's ({@code channelId}, optionally a thread's {@code threadId}, with SLACK_TOKEN), or an
 * incoming webhook's, whose URL is the {@code webhook}'s. Only the bot's messages are edited in place, and only the bot
 * keeps a pull request's or issue's messages in one thread ({@code threads}).
 */
public record SlackTarget(String channelId, String threadId, WebhookTarget.Webhook webhook,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean threads) implements Target {

    public static final String PLATFORM = "slack";

    public SlackTarget(String channelId, String threadId, WebhookTarget.Webhook webhook) {
        this(channelId, threadId, webhook, false);
    }

    /** A channel the bot posts to; {@code threadTs} answers in a thread. */
    public static SlackTarget channel(String channelId, String threadTs) {
        return new SlackTarget(channelId, threadTs, null);
    }

    /** An incoming webhook: only its URL. */
    public static SlackTarget posting(String url) {
        return new SlackTarget(null, null, WebhookTarget.Webhook.posting(url));
    }

    @Override
    public String platform() {
        return PLATFORM;
    }

    /** {@code channel[/thread]}, or for an incoming webhook its host and a short hash of its URL. */
    @Override
    public String id() {
        return webhook != null ? webhook.id() : channelId + (threadId == null || threadId.isEmpty() ? "" : "/" + threadId);
    }

    @Override
    public boolean endpoint() {
        return webhook != null;
    }

    /** An incoming webhook posts a new message every time. */
    @Override
    public boolean editsInPlace() {
        return webhook == null;
    }

    @Override
    public Optional<String> consentChat() {
        return webhook != null ? Optional.empty() : Optional.of(channelId == null ? "" : channelId);
    }

    @Override
    public String toString() {
        return "Target[slack " + id() + "]";
    }
}
