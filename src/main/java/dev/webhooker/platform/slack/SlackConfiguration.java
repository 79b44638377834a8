package dev.webhooker.platform.slack;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.delivery.DeliveryProperties;
import dev.webhooker.platform.BotToken;
import dev.webhooker.platform.OutboundHttp;
import dev.webhooker.platform.PlatformCallSettings;
import dev.webhooker.platform.limits.RateLimits;
import dev.webhooker.platform.webhook.EndpointPoster;

/** Slack: the {@code slack:} component (incoming webhooks, and the bot with SLACK_API_URL / SLACK_TOKEN) and the delivery. */
@Configuration(proxyBeanMethods = false)
class SlackConfiguration {

    /** {@code slack:} in routes/delivery.camel.yaml: incoming webhooks, and the bot with SLACK_TOKEN. */
    @Bean("slack")
    SlackComponent slackComponent(OutboundHttp platformHttp, ObjectMapper json, WebhookerProperties properties,
                                  DeliveryProperties settings, RateLimits platformRateLimits, EndpointPoster endpointPoster) {
        WebhookerProperties.Platforms p = properties.platforms();
        return new SlackComponent(new SlackClient(platformHttp, json, p.slackApiUrl(), p.slackToken(),
                PlatformCallSettings.of(settings), platformRateLimits, endpointPoster));
    }

    @Bean
    SlackDelivery slackDelivery() {
        return new SlackDelivery();
    }

    /** The bot's, which slack targets with a channelId need (an incoming webhook needs none). */
    @Bean
    BotToken slackBotToken(WebhookerProperties properties) {
        return new BotToken("slack", "SLACK_TOKEN", properties.platforms().slackToken());
    }
}
