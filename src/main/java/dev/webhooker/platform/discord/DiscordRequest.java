package dev.webhooker.platform.discord;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The body the {@code discord:} endpoints take: the channel (a thread is addressed as its own channel), the message
 * to edit or to start a thread on, and the JSON of the message or the thread.
 */
record DiscordRequest(String channelId, String messageId, ObjectNode body) {

    /** POST /channels/{channelId}/messages. */
    public static final String CREATE_MESSAGE = "discord:createMessage";
    /** PATCH /channels/{channelId}/messages/{messageId}. */
    public static final String EDIT_MESSAGE = "discord:editMessage";
    /** POST /channels/{channelId}/messages/{messageId}/threads. */
    public static final String START_THREAD = "discord:startThread";
}
