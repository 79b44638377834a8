package dev.webhooker.delivery;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.format.NeutralMessage;
import dev.webhooker.routing.Target;

/** Test-only stand-in for DiscordRenderer / TelegramRenderer (not merged yet): title and description as text. */
final class FakeRenderer implements MessageRenderer {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public RenderedMessage render(Target.Platform platform, NeutralMessage message) {
        String text = message.title() + (message.description() == null ? "" : "\n" + message.description());
        if (platform == Target.Platform.DISCORD) {
            ObjectNode body = JSON.createObjectNode();
            body.putArray("embeds").addObject().put("title", message.title()).put("description", message.description());
            if (!message.mentionRoleIds().isEmpty()) {
                body.put("content", "<@&" + String.join("> <@&", message.mentionRoleIds()) + ">");
            }
            return new RenderedMessage.Discord(body);
        }
        return new RenderedMessage.Telegram("sendMessage", text, null, null, null);
    }
}
