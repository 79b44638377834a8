package dev.webhooker.delivery;

import dev.webhooker.format.NeutralMessage;
import dev.webhooker.routing.Target;

/** Turns a neutral message into the given platform's shape (bound to DiscordRenderer / TelegramRenderer). */
public interface MessageRenderer {

    RenderedMessage render(Target.Platform platform, NeutralMessage message);
}
