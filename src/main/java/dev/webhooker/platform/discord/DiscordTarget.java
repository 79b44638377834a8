package dev.webhooker.platform.discord;

import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.webhooker.routing.Target;

/**
 * A Discord channel, or a thread in it ({@code threadId}), the bot posts to and edits in place; with {@code threads}, a
 * pull request's or issue's messages go into a thread started on its first message in the channel, or, in a forum
 * channel, into the post its first message opens.
 */
public record DiscordTarget(String channelId, String threadId,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean threads) implements Target {

    public static final String PLATFORM = "discord";

    /** A channel or thread where every message is posted as it comes. */
    public DiscordTarget(String channelId, String threadId) {
        this(channelId, threadId, false);
    }

    @Override
    public String platform() {
        return PLATFORM;
    }

    /** {@code channel[/thread]}. */
    @Override
    public String id() {
        return channelId + (blank(threadId) ? "" : "/" + threadId);
    }

    @Override
    public boolean editsInPlace() {
        return true;
    }

    /** A thread is its own channel: it consents on its own. */
    @Override
    public Optional<String> consentChat() {
        String chat = blank(threadId) ? channelId : threadId;
        return Optional.of(chat == null ? "" : chat);
    }

    @Override
    public String toString() {
        return "Target[discord " + id() + "]";
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
