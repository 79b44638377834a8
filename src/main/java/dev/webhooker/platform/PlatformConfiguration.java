package dev.webhooker.platform;

import java.net.http.HttpClient;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

import dev.webhooker.delivery.DeliveryProperties;
import dev.webhooker.routing.ConfigSnapshots;

/**
 * What the platforms share: the HTTP client their clients call through, the engine's view of every platform
 * ({@link Platforms}, from the {@link PlatformDelivery} each platform package declares in its own configuration) and
 * the start-up warning about routes that send where no bot token is set.
 */
@Configuration(proxyBeanMethods = false)
class PlatformConfiguration {

    private static final Logger LOG = LoggerFactory.getLogger(PlatformConfiguration.class);

    /**
     * The one HTTP client of the outside services' clients (Discord, Telegram, Slack's bot, GitHub), with
     * PLATFORM_CONNECT_TIMEOUT; each call sets its own request timeout. It follows no redirect: a platform's URL can
     * carry its token. Its executor only runs the client's own completion steps (the calls themselves are made by the
     * callers' threads): the JDK's default, an unbounded cached pool, grew to
     * ~40 threads under load (thread dumps in the benchmark), each adding resident memory. Four threads
     * that end when idle carry the same load. Built on the first platform call ({@link LazyHttpClient}).
     */
    @Bean
    HttpClient platformHttpClient(DeliveryProperties settings) {
        return new LazyHttpClient(() -> {
            CustomizableThreadFactory threads = new CustomizableThreadFactory("platform-http-");
            threads.setDaemon(true);
            ThreadPoolExecutor callbacks = new ThreadPoolExecutor(4, 4, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                    threads);
            callbacks.allowCoreThreadTimeOut(true);
            return HttpClient.newBuilder().connectTimeout(settings.connectTimeout())
                    .followRedirects(HttpClient.Redirect.NEVER).executor(callbacks).build();
        });
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
