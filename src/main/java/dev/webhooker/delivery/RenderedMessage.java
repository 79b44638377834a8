package dev.webhooker.delivery;

/**
 * A message in one target platform's shape, ready for its endpoint. Each platform package declares its own (a Discord
 * message body, a Telegram method and HTML text…): the engine carries it from the renderer to the request builder of
 * the same platform and never looks inside.
 */
public interface RenderedMessage {
}
