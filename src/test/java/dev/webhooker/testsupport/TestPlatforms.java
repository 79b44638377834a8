package dev.webhooker.testsupport;

import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.webhooker.platform.Platforms;
import dev.webhooker.platform.camel.CamelDelivery;
import dev.webhooker.platform.discord.DiscordDelivery;
import dev.webhooker.platform.discord.DiscordRenderer;
import dev.webhooker.platform.slack.SlackDelivery;
import dev.webhooker.platform.teams.TeamsDelivery;
import dev.webhooker.platform.telegram.TelegramDelivery;
import dev.webhooker.platform.webhook.WebhookDelivery;

/** Every platform's renderer and request builder as the application registers them, without the application. */
public final class TestPlatforms {

    private TestPlatforms() {
    }

    /** No BASE_URL: messages with an avatar go to Telegram as sendPhoto. */
    public static Platforms all() {
        return new Platforms(List.of(new DiscordDelivery(new DiscordRenderer()),
                new TelegramDelivery(TestKeys.telegramRenderer(), null, null, new ObjectMapper()), new SlackDelivery(),
                new TeamsDelivery(), new WebhookDelivery(), new CamelDelivery()));
    }
}
