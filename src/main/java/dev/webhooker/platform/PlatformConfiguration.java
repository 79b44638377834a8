package dev.webhooker.platform;

import java.net.http.HttpClient;
import java.time.Clock;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

import dev.webhooker.config.InvalidSettingException;
import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.delivery.DeliveryProperties;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.platform.discord.DiscordClient;
import dev.webhooker.platform.limits.RateLimits;
import dev.webhooker.platform.discord.DiscordComponent;
import dev.webhooker.platform.discord.DiscordRenderer;
import dev.webhooker.platform.telegram.TelegramClient;
import dev.webhooker.platform.telegram.TelegramComponent;
import dev.webhooker.platform.telegram.RichHeaderLinks;
import dev.webhooker.platform.telegram.TelegramRenderer;
import dev.webhooker.platform.webhook.WebhookBodies;
import dev.webhooker.platform.slack.SlackClient;
import dev.webhooker.platform.slack.SlackComponent;
import dev.webhooker.platform.teams.TeamsClient;
import dev.webhooker.platform.teams.TeamsComponent;
import dev.webhooker.platform.webhook.EndpointPoster;
import dev.webhooker.platform.webhook.WebhookComponent;
import dev.webhooker.secrets.SecretBox;

/**
 * The Discord and Telegram clients (DISCORD_API_URL / DISCORD_TOKEN, TELEGRAM_API_URL / TELEGRAM_TOKEN), the
 * {@code discord:}, {@code telegram:} and {@code webhook:} Camel components the delivery route sends through, and
 * the renderers.
 */
@Configuration(proxyBeanMethods = false)
class PlatformConfiguration {

    private static final Logger LOG = LoggerFactory.getLogger(PlatformConfiguration.class);

    /** A platform call makes at most this many requests (short rate-limit waits retry in place). */
    private static final int MAX_TRIES_PER_CALL = 3;

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

    private static PlatformCallSettings callSettings(DeliveryProperties settings) {
        return new PlatformCallSettings(settings.requestTimeout(), settings.rateLimitCap(), MAX_TRIES_PER_CALL);
    }

    @Bean
    DiscordClient discordClient(HttpClient platformHttpClient, ObjectMapper json, WebhookerProperties properties,
                                DeliveryProperties settings, RateLimits platformRateLimits) {
        WebhookerProperties.Platforms p = properties.platforms();
        return new DiscordClient(platformHttpClient, json, p.discordApiUrl(), p.discordToken(), callSettings(settings),
                platformRateLimits);
    }

    @Bean
    TelegramClient telegramClient(HttpClient platformHttpClient, ObjectMapper json, WebhookerProperties properties,
                                  DeliveryProperties settings, RateLimits platformRateLimits) {
        WebhookerProperties.Platforms p = properties.platforms();
        return new TelegramClient(platformHttpClient, json, p.telegramApiUrl(), p.telegramToken(), callSettings(settings),
                platformRateLimits);
    }

    /** Signs the rich-header links of Telegram messages, so /api/richheader answers only those. */
    @Bean
    RichHeaderLinks richHeaderLinks(SecretBox secretBox) {
        return new RichHeaderLinks(secretBox.purposeKeys("rich-header"));
    }

    @Bean
    PlatformRenderers platformRenderers(WebhookerProperties properties, RichHeaderLinks richHeaderLinks) {
        return new PlatformRenderers(new DiscordRenderer(), new TelegramRenderer(richHeaderLinks), new WebhookBodies(),
                properties.platforms().telegramRichHeaderHost(), properties.baseUrl());
    }

    /** Once the configuration in force is loaded: a warning per route that sends where no token is set. */
    @Bean
    ApplicationListener<ApplicationReadyEvent> missingTokenWarnings(WebhookerProperties properties, ConfigSnapshots snapshots) {
        MissingTokens tokens = new MissingTokens(properties.platforms().discordToken(), properties.platforms().telegramToken(),
                properties.platforms().slackToken());
        return event -> tokens.warnings(snapshots.current()).forEach(LOG::warn);
    }

    @Bean
    PlatformRequests platformRequests(ObjectMapper json) {
        return new PlatformRequests(json);
    }

    /** {@code discord:} in routes/delivery.camel.yaml. */
    @Bean("discord")
    DiscordComponent discordComponent(DiscordClient discordClient) {
        return new DiscordComponent(discordClient);
    }

    /** Posts to the URLs routes name (webhook, Slack and Teams targets), behind the address guard (WEBHOOK_TARGET_ALLOW). */
    @Bean(destroyMethod = "close")
    EndpointPoster endpointPoster(WebhookerProperties properties, DeliveryProperties settings, RateLimits platformRateLimits,
                                  ObjectProvider<Clock> clock) {
        try {
            return EndpointPoster.guarded(properties.platforms().webhookTargetAllow(), callSettings(settings),
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

    /** {@code slack:} in routes/delivery.camel.yaml: incoming webhooks, and the bot with SLACK_TOKEN. */
    @Bean("slack")
    SlackComponent slackComponent(HttpClient platformHttpClient, ObjectMapper json, WebhookerProperties properties,
                                  DeliveryProperties settings, RateLimits platformRateLimits, EndpointPoster endpointPoster) {
        WebhookerProperties.Platforms p = properties.platforms();
        return new SlackComponent(new SlackClient(platformHttpClient, json, p.slackApiUrl(), p.slackToken(), callSettings(settings),
                platformRateLimits, endpointPoster));
    }

    /** {@code teams:} in routes/delivery.camel.yaml. */
    @Bean("teams")
    TeamsComponent teamsComponent(EndpointPoster endpointPoster) {
        return new TeamsComponent(new TeamsClient(endpointPoster));
    }

    /** {@code telegram:} in routes/delivery.camel.yaml. */
    @Bean("telegram")
    TelegramComponent telegramComponent(TelegramClient telegramClient) {
        return new TelegramComponent(telegramClient);
    }
}
