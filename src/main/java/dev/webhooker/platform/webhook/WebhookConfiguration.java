package dev.webhooker.platform.webhook;

import java.time.Clock;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.config.InvalidSettingException;
import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.delivery.DeliveryProperties;
import dev.webhooker.platform.PlatformCallSettings;
import dev.webhooker.platform.limits.RateLimits;

/** Webhook targets: the guarded poster every URL target goes through, the {@code webhook:} component and the delivery. */
@Configuration(proxyBeanMethods = false)
class WebhookConfiguration {

    /** Posts to the URLs routes name (webhook, Slack and Teams targets), behind the address guard (WEBHOOK_TARGET_ALLOW). */
    @Bean(destroyMethod = "close")
    EndpointPoster endpointPoster(WebhookerProperties properties, DeliveryProperties settings, RateLimits platformRateLimits,
                                  ObjectProvider<Clock> clock) {
        try {
            return EndpointPoster.guarded(properties.platforms().webhookTargetAllow(), PlatformCallSettings.of(settings),
                    settings.connectTimeout(), platformRateLimits, clock.getIfAvailable(Clock::systemUTC));
        } catch (IllegalArgumentException e) {
            throw new InvalidSettingException("WEBHOOK_TARGET_ALLOW", e.getMessage());
        }
    }

    /** {@code webhook:} in routes/delivery.camel.yaml. */
    @Bean("webhook")
    WebhookComponent webhookComponent(EndpointPoster endpointPoster, ObjectProvider<Clock> clock) {
        return new WebhookComponent(endpointPoster, clock.getIfAvailable(Clock::systemUTC));
    }

    @Bean
    WebhookDelivery webhookDelivery() {
        return new WebhookDelivery();
    }
}
