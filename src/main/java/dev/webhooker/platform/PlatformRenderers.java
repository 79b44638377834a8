package dev.webhooker.platform;

import dev.webhooker.delivery.MessageRenderer;
import dev.webhooker.delivery.RenderedMessage;
import dev.webhooker.format.NeutralMessage;
import dev.webhooker.platform.discord.DiscordRenderer;
import dev.webhooker.platform.telegram.TelegramMessage;
import dev.webhooker.platform.telegram.TelegramRenderer;
import dev.webhooker.routing.Target;

/**
 * The delivery engine's view of the two renderers. The Telegram avatar card is served by
 * TELEGRAM_RICH_HEADER_HOST, else BASE_URL; with neither, avatar messages go out as sendPhoto.
 */
public class PlatformRenderers implements MessageRenderer {

    private final DiscordRenderer discord;
    private final TelegramRenderer telegram;
    private final String richHeaderHost;

    public PlatformRenderers(DiscordRenderer discord, TelegramRenderer telegram, String richHeaderHost, String baseUrl) {
        this.discord = discord;
        this.telegram = telegram;
        this.richHeaderHost = firstNonBlank(richHeaderHost, baseUrl);
    }

    @Override
    public RenderedMessage render(Target.Platform platform, NeutralMessage message) {
        if (platform == Target.Platform.DISCORD) {
            return new RenderedMessage.Discord(discord.render(message).body());
        }
        TelegramMessage t = telegram.render(message, richHeaderHost);
        return new RenderedMessage.Telegram(t.method(), t.text(), t.photoUrl(), t.caption(), t.linkPreviewOptions());
    }

    private static String firstNonBlank(String a, String b) {
        if (a != null && !a.isBlank()) {
            return a;
        }
        return b == null || b.isBlank() ? null : b;
    }
}
