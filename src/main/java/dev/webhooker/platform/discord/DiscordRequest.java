package dev.webhooker.platform.discord;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The body the {@code discord:} endpoints take: the channel (a thread is addressed as its own channel), the message
 * to edit or to start a thread on, the JSON of the message or the thread, and the name of the thread a message opens
 * ({@link #OPEN_THREAD}; null for the others).
 */
record DiscordRequest(String channelId, String messageId, ObjectNode body, String threadName) {

    DiscordRequest(String channelId, String messageId, ObjectNode body) {
        this(channelId, messageId, body, null);
    }

    /** POST /channels/{channelId}/messages. */
    public static final String CREATE_MESSAGE = "discord:createMessage";
    /** PATCH /channels/{channelId}/messages/{messageId}. */
    public static final String EDIT_MESSAGE = "discord:editMessage";
    /** POST /channels/{channelId}/messages/{messageId}/threads. */
    public static final String START_THREAD = "discord:startThread";
    /**
     * The first message of a thread named {@code threadName}: GET /channels/{channelId}, then, in a forum or media
     * channel, POST /channels/{channelId}/threads (a post opened with the message), elsewhere POST
     * /channels/{channelId}/messages.
     */
    public static final String OPEN_THREAD = "discord:openThread";
}
