package dev.webhooker.platform.teams;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.delivery.RenderedMessage;

/** The JSON a Teams workflow or incoming webhook gets: a message with one Adaptive Card. */
record TeamsMessage(ObjectNode body) implements RenderedMessage {
}
