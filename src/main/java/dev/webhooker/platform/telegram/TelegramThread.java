package dev.webhooker.platform.telegram;

/**
 * A pull request's or issue's thread on Telegram, as its root is kept: the replies to its first message (stored as
 * that message's id), or a topic of a forum supergroup ({@code topic:<message_thread_id>}).
 */
record TelegramThread(String replyTo, Long topicId) {

    private static final String TOPIC = "topic:";

    /** A root that names no number stands for a message that cannot be found: the platform refuses the reply. */
    static TelegramThread of(String root) {
        if (!root.startsWith(TOPIC)) {
            return new TelegramThread(root, null);
        }
        try {
            return new TelegramThread(null, Long.parseLong(root.substring(TOPIC.length())));
        } catch (NumberFormatException e) {
            return new TelegramThread(root, null);
        }
    }

    /** The root kept for the topic {@code messageThreadId}. */
    static String topicRoot(long messageThreadId) {
        return TOPIC + messageThreadId;
    }
}
