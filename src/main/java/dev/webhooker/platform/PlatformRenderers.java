package dev.webhooker.platform;

import dev.webhooker.delivery.MessageRenderer;
import dev.webhooker.delivery.RenderedMessage;
import dev.webhooker.format.NeutralMessage;
import dev.webhooker.platform.discord.DiscordRenderer;
import dev.webhooker.platform.telegram.TelegramMessage;
import dev.webhooker.platform.telegram.TelegramRenderer;
import dev.webhooker.platform.slack.SlackRenderer;
import dev.webhooker.platform.teams.TeamsRenderer;
import dev.webhooker.platform.webhook.WebhookBodies;
import dev.webhooker.routing.Target;
import dev.webhooker.routing.WebhookEvent;

/**
 * The delivery engine's view of the renderers: Discord, Telegram, Slack (Block Kit), Teams (an Adaptive Card), and the
 * JSON bodies of webhook targets. The Telegram avatar card is served by
 * TELEGRAM_RICH_HEADER_HOST, else BASE_URL; with neither, avatar messages go out as sendPhoto.
 */
public class PlatformRenderers implements MessageRenderer {

    private final DiscordRenderer discord;
    private final TelegramRenderer telegram;
    private final WebhookBodies webhook;
    private final SlackRenderer slack = new SlackRenderer();
    private final TeamsRenderer teams = new TeamsRenderer();
    private final String richHeaderHost;

    public PlatformRenderers(DiscordRenderer discord, TelegramRenderer telegram, WebhookBodies webhook, String richHeaderHost,
                             String baseUrl) {
        this.discord = discord;
        this.telegram = telegram;
        this.webhook = webhook;
        this.richHeaderHost = firstNonBlank(richHeaderHost, baseUrl);
    }

    @Override
    public RenderedMessage render(Target target, NeutralMessage message, WebhookEvent event) {
        return switch (target.platform()) {
            case DISCORD -> new RenderedMessage.Discord(discord.render(message).body());
            case TELEGRAM -> {
                TelegramMessage t = telegram.render(message, richHeaderHost);
                yield new RenderedMessage.Telegram(t.method(), t.text(), t.photoUrl(), t.caption(), t.linkPreviewOptions());
            }
            case WEBHOOK -> webhook.render(target.webhook().format(), message, event);
            case SLACK -> new RenderedMessage.Slack(slack.render(message));
            case TEAMS -> new RenderedMessage.Teams(teams.render(message));
        };
    }

    private static String firstNonBlank(String a, String b) {
        if (a != null && !a.isBlank()) {
            return a;
        }
        return b == null || b.isBlank() ? null : b;
    }
}
