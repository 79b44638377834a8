package dev.webhooker.platform.telegram;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.delivery.DeliveryProperties;
import dev.webhooker.platform.BotToken;
import dev.webhooker.platform.OutboundHttp;
import dev.webhooker.platform.PlatformCallSettings;
import dev.webhooker.platform.limits.RateLimits;
import dev.webhooker.secrets.SecretBox;

/**
 * Telegram: the Bot API client (TELEGRAM_API_URL, TELEGRAM_TOKEN), the {@code telegram:} component, the signed
 * rich-header links and the delivery.
 */
@Configuration(proxyBeanMethods = false)
class TelegramConfiguration {

    @Bean
    TelegramClient telegramClient(OutboundHttp platformHttp, ObjectMapper json, WebhookerProperties properties,
                                  DeliveryProperties settings, RateLimits platformRateLimits) {
        WebhookerProperties.Platforms p = properties.platforms();
        return new TelegramClient(platformHttp, json, p.telegramApiUrl(), p.telegramToken(), PlatformCallSettings.of(settings),
                platformRateLimits);
    }

    /** Signs the rich-header links of Telegram messages, so /api/richheader answers only those. */
    @Bean
    RichHeaderLinks richHeaderLinks(SecretBox secretBox) {
        return new RichHeaderLinks(secretBox.purposeKeys("rich-header"));
    }

    /** {@code telegram:} in routes/delivery.camel.yaml. */
    @Bean("telegram")
    TelegramComponent telegramComponent(TelegramClient telegramClient) {
        return new TelegramComponent(telegramClient);
    }

    @Bean
    TelegramDelivery telegramDelivery(WebhookerProperties properties, RichHeaderLinks richHeaderLinks, ObjectMapper json) {
        return new TelegramDelivery(new TelegramRenderer(richHeaderLinks), properties.platforms().telegramRichHeaderHost(),
                properties.baseUrl(), json);
    }

    @Bean
    BotToken telegramBotToken(WebhookerProperties properties) {
        return new BotToken("telegram", "TELEGRAM_TOKEN", properties.platforms().telegramToken());
    }
}
