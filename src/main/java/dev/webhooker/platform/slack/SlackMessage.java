package dev.webhooker.platform.slack;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.delivery.RenderedMessage;

/** The JSON of a Slack message (incoming webhook, or chat.postMessage / chat.update without the channel). */
record SlackMessage(ObjectNode body) implements RenderedMessage {
}
