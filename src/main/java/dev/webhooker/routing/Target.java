package dev.webhooker.routing;

/**
 * Where a message goes: a Discord channel (optionally a thread) or a Telegram chat (optionally a topic).
 * A validated target carries only its own platform's fields.
 */
public record Target(Platform platform, String channelId, String threadId, String chatId, String topicId) {

    public enum Platform {
        DISCORD, TELEGRAM;

        public String wireName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public static Target discord(String channelId, String threadId) {
        return new Target(Platform.DISCORD, channelId, threadId, null, null);
    }

    public static Target telegram(String chatId, String topicId) {
        return new Target(Platform.TELEGRAM, null, null, chatId, topicId);
    }

    /** The target id string used in logs, tracking and the group log: {@code channel[/thread]} or {@code chat[/topic]}. */
    public String id() {
        return platform == Platform.DISCORD
                ? channelId + (threadId == null || threadId.isEmpty() ? "" : "/" + threadId)
                : chatId + (topicId == null || topicId.isEmpty() ? "" : "/" + topicId);
    }
}
