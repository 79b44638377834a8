package dev.webhooker.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.webhooker.format.MessageFormatter;
import dev.webhooker.format.NeutralMessage;
import dev.webhooker.format.TestEvents;
import dev.webhooker.platform.discord.DiscordLimits;
import dev.webhooker.platform.discord.DiscordRenderer;
import dev.webhooker.platform.slack.SlackRenderer;
import dev.webhooker.platform.teams.TeamsRenderer;
import dev.webhooker.platform.telegram.TelegramHtmlChecker;
import dev.webhooker.platform.telegram.TelegramLimits;
import dev.webhooker.platform.telegram.TelegramMessage;
import dev.webhooker.platform.telegram.TelegramRenderer;
import dev.webhooker.routing.WebhookEvent;
import dev.webhooker.testsupport.Fixtures;
import dev.webhooker.testsupport.TestKeys;

/**
 * Every shared GitHub and Gitea fixture × {en, zh} × {emoji on, off}, formatted and then rendered for every chat
 * platform: every Discord, Telegram, Slack Block Kit and Teams limit holds and the Telegram HTML is well formed
 * (issues 4 and 24).
 */
class FixtureRenderingTest {

    private static final MessageFormatter FORMATTER = TestEvents.formatter();
    private static final DiscordRenderer DISCORD = new DiscordRenderer();
    private static final TelegramRenderer TELEGRAM = TestKeys.telegramRenderer();
    private static final SlackRenderer SLACK = new SlackRenderer();
    private static final TeamsRenderer TEAMS = new TeamsRenderer();

    static Stream<Arguments> fixtures() {
        return Fixtures.formattingCases().stream().map(c -> Arguments.of(c.provider() + "/" + c.relativeName(),
                c.provider(), c.file(), c.lang(), c.emoji()));
    }

    @ParameterizedTest(name = "{0} {3} emoji={4}")
    @MethodSource("fixtures")
    void rendersWithinEveryPlatformLimit(String name, String provider, Path file, String lang, boolean emoji) {
        String folder = file.getParent().getFileName().toString();
        WebhookEvent event = "gitea".equals(provider)
                ? TestEvents.gitea(folder, TestEvents.read(file))
                : TestEvents.raw("github", folder, TestEvents.read(file));
        NeutralMessage message = FORMATTER.format(event, TestEvents.group(lang, emoji),
                TestEvents.route(List.of("111111111111111111", "222222222222222222"))).message();

        assertDiscordLimits(DISCORD.render(message).body());
        assertTelegramLimits(TELEGRAM.render(message, null));
        assertTelegramLimits(TELEGRAM.render(message, "https://hooks.example.org"));
        PlatformLimitChecks.slack(SLACK.render(message));
        PlatformLimitChecks.teams(TEAMS.render(message));
    }

    private static void assertDiscordLimits(JsonNode body) {
        assertThat(body.path("content").asText("")).hasSizeLessThanOrEqualTo(DiscordLimits.CONTENT)
                .isEqualTo("<@&111111111111111111> <@&222222222222222222>");
        assertThat(body.path("allowed_mentions").path("parse").size()).isZero();
        JsonNode embed = body.get("embeds").get(0);
        assertThat(embed.path("title").asText("")).isNotBlank().hasSizeLessThanOrEqualTo(DiscordLimits.TITLE);
        assertThat(embed.path("description").asText("")).hasSizeLessThanOrEqualTo(DiscordLimits.DESCRIPTION);
        assertThat(embed.path("author").path("name").asText("")).hasSizeLessThanOrEqualTo(DiscordLimits.AUTHOR_NAME);
        assertThat(embed.path("footer").path("text").asText("")).hasSizeLessThanOrEqualTo(DiscordLimits.FOOTER_TEXT);
        assertThat(embed.path("fields").size()).isLessThanOrEqualTo(DiscordLimits.FIELDS);
        int total = embed.path("title").asText("").length() + embed.path("description").asText("").length()
                + embed.path("footer").path("text").asText("").length() + embed.path("author").path("name").asText("").length();
        for (JsonNode field : embed.path("fields")) {
            assertThat(field.get("name").asText()).isNotBlank().hasSizeLessThanOrEqualTo(DiscordLimits.FIELD_NAME);
            assertThat(field.get("value").asText()).isNotBlank().hasSizeLessThanOrEqualTo(DiscordLimits.FIELD_VALUE);
            total += field.get("name").asText().length() + field.get("value").asText().length();
        }
        assertThat(total).isLessThanOrEqualTo(DiscordLimits.EMBED_TOTAL);
        for (JsonNode row : body.path("components")) {
            for (JsonNode button : row.path("components")) {
                assertThat(button.path("custom_id").asText()).hasSizeLessThanOrEqualTo(DiscordLimits.CUSTOM_ID);
                assertThat(button.path("label").asText()).isNotBlank().hasSizeLessThanOrEqualTo(DiscordLimits.BUTTON_LABEL);
            }
        }
    }

    private static void assertTelegramLimits(TelegramMessage message) {
        boolean photo = TelegramMessage.SEND_PHOTO.equals(message.method());
        String html = photo ? message.caption() : message.text();
        int limit = photo ? TelegramLimits.CAPTION : TelegramLimits.MESSAGE_TEXT;
        String visible = TelegramHtmlChecker.visibleText(html);
        assertThat(visible).isNotBlank();
        assertThat(visible.length()).as("visible UTF-16 length").isLessThanOrEqualTo(limit);
        if (photo) {
            assertThat(message.photoUrl()).matches("https?://.+");
        }
    }
}
