package dev.webhooker.platform.discord;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.delivery.RenderedMessage;

/**
 * The JSON body for {@code POST}/{@code PATCH /channels/{id}/messages}: content, embeds, components and
 * allowed_mentions, already within every Discord limit.
 */
public record DiscordMessage(ObjectNode body) implements RenderedMessage {
}
