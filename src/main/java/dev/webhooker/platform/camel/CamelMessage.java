package dev.webhooker.platform.camel;

import dev.webhooker.delivery.RenderedMessage;

/** What a camel target gets: the JSON a webhook target would (the event as routing saw it), what it was, and its key. */
record CamelMessage(String body, String provider, String event, String key) implements RenderedMessage {
}
