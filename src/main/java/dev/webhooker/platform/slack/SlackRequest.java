package dev.webhooker.platform.slack;

import java.net.URI;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What a {@code slack:} endpoint takes: the message, and where it goes — an incoming webhook's {@code url}, or the
 * bot's {@code channel} (with {@code threadTs} for a thread, and {@code ts} of the message chat.update edits).
 */
record SlackRequest(URI url, String channel, String threadTs, String ts, ObjectNode message) {

    public static SlackRequest toWebhook(URI url, ObjectNode message) {
        return new SlackRequest(url, null, null, null, message);
    }

    public static SlackRequest toChannel(String channel, String threadTs, String ts, ObjectNode message) {
        return new SlackRequest(null, channel, threadTs, ts, message);
    }

    @Override
    public String toString() {
        // an incoming webhook's URL is its credential
        return "SlackRequest[" + (url != null ? url.getHost() : channel) + "]";
    }
}
