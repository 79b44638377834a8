package dev.webhooker.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ChatConsentTest {

    private static final String CHANNEL = "222222222222222222";
    private static final String THREAD = "333333333333333333";

    private static ChatClaim claim(String group, Target.Platform platform, String chat, String name) {
        return new ChatClaim(group, platform, chat, name, ChatClaim.Via.CHAT, "discord:1", 0);
    }

    @Test
    void aChatTakesOnlyTheGroupsItClaimed() {
        ChatConsent consent = ChatConsent.of(List.of(claim("team", Target.Platform.DISCORD, CHANNEL, null)));

        assertThat(consent.allows("team", Target.discord(CHANNEL, null))).isTrue();
        assertThat(consent.allows("intruder", Target.discord(CHANNEL, null))).isFalse();
        assertThat(ChatConsent.none().allows("team", Target.discord(CHANNEL, null))).isFalse();
    }

    @Test
    void aDiscordThreadNeedsItsOwnClaimBecauseTheMessageLandsThere() {
        ChatConsent channelOnly = ChatConsent.of(List.of(claim("team", Target.Platform.DISCORD, CHANNEL, null)));
        ChatConsent thread = ChatConsent.of(List.of(claim("team", Target.Platform.DISCORD, THREAD, null)));

        assertThat(channelOnly.allows("team", Target.discord(CHANNEL, THREAD))).isFalse();
        assertThat(thread.allows("team", Target.discord(CHANNEL, THREAD))).isTrue();
        assertThat(thread.allows("team", Target.discord("444444444444444444", THREAD))).isTrue();
    }

    @Test
    void aTelegramChatCoversItsTopicsAndIsFoundByItsPublicName() {
        ChatConsent consent = ChatConsent.of(List.of(claim("team", Target.Platform.TELEGRAM, "-1001234567890", "Team_News")));

        assertThat(consent.allows("team", Target.telegram("-1001234567890", "7"))).isTrue();
        assertThat(consent.allows("team", Target.telegram("@team_news", null))).isTrue();
        assertThat(consent.allows("team", Target.telegram("@TEAM_NEWS", null))).isTrue();
        assertThat(consent.allows("team", Target.telegram("@other_news", null))).isFalse();
        assertThat(consent.allows("team", Target.telegram("-1009999999999", null))).isFalse();
    }

    @Test
    void theSamePlatformNamesTheChat() {
        ChatConsent slack = ChatConsent.of(List.of(claim("team", Target.Platform.SLACK, "C0123ABCD", null)));

        assertThat(slack.allows("team", Target.slack("C0123ABCD", null))).isTrue();
        assertThat(slack.allows("team", Target.discord("C0123ABCD", null))).isFalse();
    }

    @Test
    void urlTargetsNeedNoConsent() {
        Target webhook = Target.webhook(new Target.Webhook("https://hooks.example.com/x", List.of(), Map.of(), null, null));

        assertThat(ChatConsent.none().allows("team", webhook)).isTrue();
        assertThat(ChatConsent.none().allows("team", Target.posting(Target.Platform.TEAMS, "https://example.webhook.office.com/x"))).isTrue();
        assertThat(ChatConsent.none().allows("team", Target.posting(Target.Platform.SLACK, "https://hooks.slack.com/services/x"))).isTrue();
        assertThat(ChatConsent.chatOf(webhook)).isEmpty();
    }

    @Test
    void idsAreCheckedInThePlatformsForms() {
        assertThat(TargetIds.problem(Target.Platform.DISCORD, CHANNEL)).isNull();
        assertThat(TargetIds.problem(Target.Platform.DISCORD, "2000000000000000002/messages/3000000000000000003/crosspost?x="))
                .contains("17 to 20 digits");
        assertThat(TargetIds.problem(Target.Platform.DISCORD, "../../../guilds/1/channels#")).isNotNull();
        assertThat(TargetIds.problem(Target.Platform.DISCORD, "1234")).isNotNull();
        assertThat(TargetIds.problem(Target.Platform.TELEGRAM, "-1001234567890")).isNull();
        assertThat(TargetIds.problem(Target.Platform.TELEGRAM, "@team_news")).isNull();
        assertThat(TargetIds.problem(Target.Platform.TELEGRAM, "@a/b")).isNotNull();
        assertThat(TargetIds.problem(Target.Platform.TELEGRAM, "12ab")).isNotNull();
        assertThat(TargetIds.problem(Target.Platform.SLACK, "C0123ABCD")).isNull();
        assertThat(TargetIds.problem(Target.Platform.SLACK, "#general")).isNotNull();
        assertThat(TargetIds.topicProblem("7")).isNull();
        assertThat(TargetIds.topicProblem("7/../x")).isNotNull();
    }

    @Test
    void theValidatorRefusesIdsThatWouldChangeTheRequestPath() {
        Route route = new Route("r", "team", "r", true, List.of(new Filter("event", List.of("push"), false)), null,
                List.of(Target.discord("2000000000000000002/messages/3000000000000000003/crosspost?x=", null),
                        Target.discord(CHANNEL, "../../../guilds/1/channels#"),
                        Target.telegram("-100123", "1/x")), false, false, List.of("everyone"));

        List<ConfigError> errors = new ConfigValidator().validateRoute("route r", route);

        assertThat(errors).extracting(ConfigError::field)
                .containsExactlyInAnyOrder("targets[0].channelId", "targets[1].threadId", "targets[2].topicId", "discordRoleIds[0]");
    }
}
