package dev.webhooker.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.junit.jupiter.api.Test;

import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.platform.slack.SlackTarget;
import dev.webhooker.platform.teams.TeamsTarget;
import dev.webhooker.platform.telegram.TelegramTarget;
import dev.webhooker.platform.webhook.WebhookTarget;

/**
 * A dry run's answer shows targets through Jackson, as the application's mapper writes them (nulls left out): each
 * platform's target keeps the shape the console reads ({@code platform} in upper case, the chat's ids, an endpoint's
 * host only, header values withheld, secrets left out).
 */
class TargetViewTest {

    private static final ObjectMapper JSON = JsonMapper.builder().serializationInclusion(JsonInclude.Include.NON_NULL).build();

    @Test
    void everyPlatformsTargetShowsItsFieldsAndItsPlatform() throws Exception {
        assertThat(JSON.readTree(JSON.writeValueAsString(new DiscordTarget("111111111111111111", null))))
                .isEqualTo(JSON.readTree("{\"platform\":\"DISCORD\",\"channelId\":\"111111111111111111\"}"));
        assertThat(JSON.readTree(JSON.writeValueAsString(new TelegramTarget("-100", "7"))))
                .isEqualTo(JSON.readTree("{\"platform\":\"TELEGRAM\",\"chatId\":\"-100\",\"topicId\":\"7\"}"));
        assertThat(JSON.readTree(JSON.writeValueAsString(SlackTarget.channel("C0123ABCD", null))))
                .isEqualTo(JSON.readTree("{\"platform\":\"SLACK\",\"channelId\":\"C0123ABCD\"}"));
        assertThat(JSON.readTree(JSON.writeValueAsString(SlackTarget.posting("https://hooks.slack.com/services/T/B/x"))))
                .isEqualTo(JSON.readTree("{\"platform\":\"SLACK\",\"webhook\":{\"url\":\"https://hooks.slack.com/…\",\"headers\":{},"
                        + "\"format\":\"MESSAGE\"}}"));
        assertThat(JSON.readTree(JSON.writeValueAsString(TeamsTarget.posting("https://x.webhook.office.com/a?sig=b"))))
                .isEqualTo(JSON.readTree("{\"platform\":\"TEAMS\",\"webhook\":{\"url\":\"https://x.webhook.office.com/…\",\"headers\":{},"
                        + "\"format\":\"MESSAGE\"}}"));
    }

    @Test
    void aWebhookShowsNeitherItsSecretsNorItsHeaderValues() throws Exception {
        WebhookTarget hook = new WebhookTarget(new WebhookTarget.Webhook("https://ci.example.com/in?token=t", List.of("whsec_c2VjcmV0"),
                Map.of("Authorization", "Bearer s3cr3t"), WebhookTarget.BodyFormat.EVENT, 5));
        String json = JSON.writeValueAsString(hook);
        assertThat(JSON.readTree(json)).isEqualTo(JSON.readTree("{\"platform\":\"WEBHOOK\",\"webhook\":{\"url\":\"https://ci.example.com/…\","
                + "\"headers\":{\"Authorization\":\"(withheld)\"},\"format\":\"EVENT\",\"timeoutSeconds\":5}}"));
        assertThat(json).doesNotContain("whsec_").doesNotContain("s3cr3t").doesNotContain("token");
    }
}
