package dev.webhooker.platform.discord;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.delivery.DeliveryProperties;
import dev.webhooker.platform.BotToken;
import dev.webhooker.platform.OutboundHttp;
import dev.webhooker.platform.PlatformCallSettings;
import dev.webhooker.platform.limits.RateLimits;

/** Discord: the REST client (DISCORD_API_URL, DISCORD_TOKEN), the {@code discord:} component and the delivery. */
@Configuration(proxyBeanMethods = false)
class DiscordConfiguration {

    @Bean
    DiscordClient discordClient(OutboundHttp platformHttp, ObjectMapper json, WebhookerProperties properties,
                                DeliveryProperties settings, RateLimits platformRateLimits) {
        WebhookerProperties.Platforms p = properties.platforms();
        return new DiscordClient(platformHttp, json, p.discordApiUrl(), p.discordToken(), PlatformCallSettings.of(settings),
                platformRateLimits);
    }

    /** {@code discord:} in routes/delivery.camel.yaml. */
    @Bean("discord")
    DiscordComponent discordComponent(DiscordClient discordClient) {
        return new DiscordComponent(discordClient);
    }

    @Bean
    DiscordDelivery discordDelivery() {
        return new DiscordDelivery(new DiscordRenderer());
    }

    @Bean
    BotToken discordBotToken(WebhookerProperties properties) {
        return new BotToken("discord", "DISCORD_TOKEN", properties.platforms().discordToken());
    }
}
