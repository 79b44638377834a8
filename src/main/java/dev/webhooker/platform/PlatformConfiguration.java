package dev.webhooker.platform;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.delivery.DeliveryProperties;
import dev.webhooker.routing.ConfigSnapshots;

/**
 * What the platforms share: the HTTP client their clients call through ({@link OutboundHttp}), the engine's view of every platform
 * ({@link Platforms}, from the {@link PlatformDelivery} each platform package declares in its own configuration) and
 * the start-up warning about routes that send where no bot token is set.
 */
@Configuration(proxyBeanMethods = false)
class PlatformConfiguration {

    private static final Logger LOG = LoggerFactory.getLogger(PlatformConfiguration.class);

    /**
     * The HTTP client of the outside services' clients (Discord, Telegram, Slack's bot, GitHub), with
     * PLATFORM_CONNECT_TIMEOUT; each call sets its own timeout. It follows no redirect: a platform's URL can carry its
     * token. Started by the first call; closed, ending the calls in flight, when the application stops.
     */
    @Bean
    OutboundHttp platformHttp(DeliveryProperties settings) {
        return OutboundHttp.forApis(settings.connectTimeout());
    }

    /** The renderer and request builder of the delivery engine and the dry run. */
    @Bean
    Platforms platforms(List<PlatformDelivery> deliveries) {
        return new Platforms(deliveries);
    }

    /** Once the configuration in force is loaded: a warning per route that sends where no token is set. */
    @Bean
    ApplicationListener<ApplicationReadyEvent> missingTokenWarnings(List<BotToken> botTokens, ConfigSnapshots snapshots) {
        MissingTokens tokens = new MissingTokens(botTokens);
        return event -> tokens.warnings(snapshots.current()).forEach(LOG::warn);
    }
}
