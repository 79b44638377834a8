package dev.webhooker.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.platform.telegram.TelegramTarget;
import dev.webhooker.platform.webhook.WebhookTarget;
import dev.webhooker.platform.slack.SlackTarget;
import dev.webhooker.platform.teams.TeamsTarget;

class ChatConsentTest {

    private static final String CHANNEL = "222222222222222222";
    private static final String THREAD = "333333333333333333";

    private static String problem(String platform, String id) {
        return TargetPlatforms.find(platform).orElseThrow().chatIdProblem(id);
    }

    /** What the Telegram platform finds wrong with a topic id, as it checks a target. */
    private static String topicProblem(String topicId) {
        List<String> found = new java.util.ArrayList<>();
        TargetPlatforms.find("telegram").orElseThrow().check(new TelegramTarget("-1001234567890", topicId),
                new TargetProblems("target", (field, message) -> found.add(message)));
        return found.isEmpty() ? null : String.join("; ", found);
    }

    private static ChatClaim claim(String group, String platform, String chat, String name) {
        return new ChatClaim(group, platform, chat, name, ChatClaim.Via.CHAT, "discord:1", 0);
    }

    @Test
    void aChatTakesOnlyTheGroupsItClaimed() {
        ChatConsent consent = ChatConsent.of(List.of(claim("team", "discord", CHANNEL, null)));

        assertThat(consent.allows("team", new DiscordTarget(CHANNEL, null))).isTrue();
        assertThat(consent.allows("intruder", new DiscordTarget(CHANNEL, null))).isFalse();
        assertThat(ChatConsent.none().allows("team", new DiscordTarget(CHANNEL, null))).isFalse();
    }

    @Test
    void aDiscordThreadNeedsItsOwnClaimBecauseTheMessageLandsThere() {
        ChatConsent channelOnly = ChatConsent.of(List.of(claim("team", "discord", CHANNEL, null)));
        ChatConsent thread = ChatConsent.of(List.of(claim("team", "discord", THREAD, null)));

        assertThat(channelOnly.allows("team", new DiscordTarget(CHANNEL, THREAD))).isFalse();
        assertThat(thread.allows("team", new DiscordTarget(CHANNEL, THREAD))).isTrue();
        assertThat(thread.allows("team", new DiscordTarget("444444444444444444", THREAD))).isTrue();
    }

    @Test
    void aTelegramChatCoversItsTopicsAndIsFoundByItsPublicName() {
        ChatConsent consent = ChatConsent.of(List.of(claim("team", "telegram", "-1001234567890", "Team_News")));

        assertThat(consent.allows("team", new TelegramTarget("-1001234567890", "7"))).isTrue();
        assertThat(consent.allows("team", new TelegramTarget("@team_news", null))).isTrue();
        assertThat(consent.allows("team", new TelegramTarget("@TEAM_NEWS", null))).isTrue();
        assertThat(consent.allows("team", new TelegramTarget("@other_news", null))).isFalse();
        assertThat(consent.allows("team", new TelegramTarget("-1009999999999", null))).isFalse();
    }

    @Test
    void theSamePlatformNamesTheChat() {
        ChatConsent slack = ChatConsent.of(List.of(claim("team", "slack", "C0123ABCD", null)));

        assertThat(slack.allows("team", SlackTarget.channel("C0123ABCD", null))).isTrue();
        assertThat(slack.allows("team", new DiscordTarget("C0123ABCD", null))).isFalse();
    }

    @Test
    void urlTargetsNeedNoConsent() {
        Target webhook = new WebhookTarget(new WebhookTarget.Webhook("https://hooks.example.com/x", List.of(), Map.of(), null, null));

        assertThat(ChatConsent.none().allows("team", webhook)).isTrue();
        assertThat(ChatConsent.none().allows("team", TeamsTarget.posting("https://example.webhook.office.com/x"))).isTrue();
        assertThat(ChatConsent.none().allows("team", SlackTarget.posting("https://hooks.slack.com/services/x"))).isTrue();
        assertThat(ChatConsent.chatOf(webhook)).isEmpty();
    }

    @Test
    void idsAreCheckedInThePlatformsForms() {
        assertThat(problem("discord", CHANNEL)).isNull();
        assertThat(problem("discord", "2000000000000000002/messages/3000000000000000003/crosspost?x="))
                .contains("17 to 20 digits");
        assertThat(problem("discord", "../../../guilds/1/channels#")).isNotNull();
        assertThat(problem("discord", "1234")).isNotNull();
        assertThat(problem("telegram", "-1001234567890")).isNull();
        assertThat(problem("telegram", "@team_news")).isNull();
        assertThat(problem("telegram", "@a/b")).isNotNull();
        assertThat(problem("telegram", "12ab")).isNotNull();
        assertThat(problem("slack", "C0123ABCD")).isNull();
        assertThat(problem("slack", "#general")).isNotNull();
        assertThat(topicProblem("7")).isNull();
        assertThat(topicProblem("7/../x")).isNotNull();
    }

    @Test
    void theValidatorRefusesIdsThatWouldChangeTheRequestPath() {
        Route route = new Route("r", "team", "r", true, List.of(new Filter("event", List.of("push"), false)), null,
                List.of(new DiscordTarget("2000000000000000002/messages/3000000000000000003/crosspost?x=", null),
                        new DiscordTarget(CHANNEL, "../../../guilds/1/channels#"),
                        new TelegramTarget("-100123", "1/x")), false, false, List.of("everyone"));

        List<ConfigError> errors = new ConfigValidator().validateRoute("route r", route);

        assertThat(errors).extracting(ConfigError::field)
                .containsExactlyInAnyOrder("targets[0].channelId", "targets[1].threadId", "targets[2].topicId", "discordRoleIds[0]");
    }
}
