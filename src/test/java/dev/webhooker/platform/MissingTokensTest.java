package dev.webhooker.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.Filter;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.Target;
import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.platform.telegram.TelegramTarget;
import dev.webhooker.platform.slack.SlackTarget;

class MissingTokensTest {

    private static Route route(String id, boolean enabled, Target... targets) {
        return new Route(id, "g", id, enabled, List.of(new Filter("event", List.of("push"), false)), null, List.of(targets),
                false, false, List.of());
    }

    private static final Group LOGGED_TO_TELEGRAM = new Group("g", "G", List.of(), List.of(), List.of(), List.of(), null, true,
            List.of(), null, new TelegramTarget("-100", null), false);

    private static final ConfigSnapshot CONFIG = new ConfigSnapshot(1, List.of(LOGGED_TO_TELEGRAM), List.of(
            route("both", true, new DiscordTarget("1", null), new DiscordTarget("2", null), new TelegramTarget("-100", null)),
            route("off", false, new TelegramTarget("-100", null))));

    /** The tokens as the Discord, Telegram and Slack packages declare them. */
    private static MissingTokens missingTokens(String discordToken, String telegramToken, String slackToken) {
        return new MissingTokens(List.of(new BotToken("discord", "DISCORD_TOKEN", discordToken),
                new BotToken("telegram", "TELEGRAM_TOKEN", telegramToken), new BotToken("slack", "SLACK_TOKEN", slackToken)));
    }

    @Test
    void oneLinePerRouteAndPlatformWithoutAToken() {
        assertThat(missingTokens(null, "", null).warnings(CONFIG)).containsExactly(
                "route g/both sends to discord, but DISCORD_TOKEN is not set: its discord targets will fail",
                "route g/both sends to telegram, but TELEGRAM_TOKEN is not set: its telegram targets will fail",
                "group g logs to telegram, but TELEGRAM_TOKEN is not set: its group log will fail");
    }

    @Test
    void aSlackChannelNeedsTheBotsTokenAnIncomingWebhookDoesNot() {
        ConfigSnapshot slack = new ConfigSnapshot(1, List.of(), List.of(
                route("bot", true, SlackTarget.channel("C0123ABCD", null)),
                route("hook", true, SlackTarget.posting("https://hooks.slack.com/services/T/B/x"))));
        assertThat(missingTokens("d", "t", "").warnings(slack)).containsExactly(
                "route g/bot sends to slack, but SLACK_TOKEN is not set: its slack targets will fail");
        assertThat(missingTokens("d", "t", "xoxb-1").warnings(slack)).isEmpty();
    }

    @Test
    void nothingWhenTheTokensAreThere() {
        assertThat(missingTokens("discord-token", "telegram-token", null).warnings(CONFIG)).isEmpty();
        assertThat(missingTokens("discord-token", null, null).warnings(new ConfigSnapshot(1, List.of(),
                List.of(route("d", true, new DiscordTarget("1", null)))))).isEmpty();
    }
}
