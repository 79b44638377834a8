package dev.webhooker.platform.camel;

import java.net.InetAddress;
import java.time.Clock;

import org.apache.camel.CamelContext;
import org.apache.camel.ProducerTemplate;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.config.InvalidSettingException;
import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.platform.webhook.TargetAddressGuard;

/** Camel endpoint targets: the allowed components (CAMEL_TARGET_SCHEMES), the {@code camel-target:} component, the delivery. */
@Configuration(proxyBeanMethods = false)
class CamelTargetConfiguration {

    /** The distinct target URIs whose producers are kept started between sends. */
    private static final int PRODUCERS_KEPT = 200;

    @Bean
    CamelTargetSchemes camelTargetSchemes(CamelTargetProperties properties) {
        try {
            return CamelTargetSchemes.parse(properties.schemes());
        } catch (IllegalArgumentException e) {
            throw new InvalidSettingException(CamelTargetSchemes.SETTING, e.getMessage());
        }
    }

    /** {@code camel-target:} in routes/delivery.camel.yaml. */
    @Bean("camel-target")
    CamelTargetComponent camelTargetComponent(CamelContext camel, CamelTargetSchemes schemes, WebhookerProperties properties,
                                              ObjectProvider<Clock> clock) {
        TargetAddressGuard guard;
        try {
            guard = TargetAddressGuard.allowing(properties.platforms().webhookTargetAllow(), InetAddress::getAllByName);
        } catch (IllegalArgumentException e) {
            throw new InvalidSettingException("WEBHOOK_TARGET_ALLOW", e.getMessage());
        }
        ProducerTemplate template = camel.createProducerTemplate(PRODUCERS_KEPT);
        return new CamelTargetComponent(new CamelTargetSender(template, schemes, guard, clock.getIfAvailable(Clock::systemUTC)));
    }

    @Bean
    CamelDelivery camelDelivery() {
        return new CamelDelivery();
    }
}
