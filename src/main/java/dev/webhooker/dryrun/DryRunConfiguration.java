package dev.webhooker.dryrun;

import java.time.Clock;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.routing.SecretSeal;
import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.delivery.MessageRenderer;
import dev.webhooker.format.MessageFormatter;
import dev.webhooker.ingress.WebhookNormalizer;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.RouteSelector;

/**
 * The dry-run service, ready for the admin API. It is deliberately not exposed over HTTP yet: there is no
 * admin authentication, and an open endpoint would show any caller the whole routing configuration.
 */
@Configuration(proxyBeanMethods = false)
class DryRunConfiguration {

    @Bean
    DryRun dryRun(ConfigSnapshots snapshots, RouteSelector routeSelector, MessageFormatter messageFormatter,
            MessageRenderer messageRenderer, WebhookNormalizer webhookNormalizer, WebhookerProperties properties,
            ObjectProvider<Clock> clock, SecretSeal seal) {
        // the same limit as ingress (already checked there at start-up to fit an int)
        int maxBody = (int) Math.min(properties.ingress().maxBodyBytes().toBytes(), Integer.MAX_VALUE - 8);
        return new DryRun(snapshots, routeSelector, messageFormatter, messageRenderer, webhookNormalizer, maxBody,
                clock.getIfAvailable(Clock::systemUTC), seal);
    }
}
