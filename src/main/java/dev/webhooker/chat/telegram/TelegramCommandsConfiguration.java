package dev.webhooker.chat.telegram;

import java.net.http.HttpClient;
import java.time.Clock;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.actions.ForgeLinks;
import dev.webhooker.actions.GithubActions;
import dev.webhooker.chat.ChatTexts;
import dev.webhooker.consent.ChatClaims;
import dev.webhooker.chat.ChatWork;
import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.delivery.DeliveryProperties;
import dev.webhooker.platform.telegram.TelegramClient;
import dev.webhooker.signin.AccountLinks;
import dev.webhooker.signin.LinkRequests;
import dev.webhooker.store.KvStore;

/** The Telegram commands endpoint (TELEGRAM_TOKEN, TELEGRAM_WEBHOOK_SECRET, TELEGRAM_API_URL). */
@Configuration(proxyBeanMethods = false)
class TelegramCommandsConfiguration {

    @Bean
    ChatWork telegramCommandWork() {
        return new ChatWork("telegram-command", 4, 200);
    }

    @Bean
    TelegramSettings telegramSettings(WebhookerProperties properties, ObjectProvider<Clock> clock) {
        return new TelegramSettings(properties.platforms().telegramWebhookSecret(), clock.getIfAvailable(Clock::systemUTC));
    }

    @Bean
    TelegramCommands telegramCommands(WebhookerProperties properties, ChatTexts chatTexts, AccountLinks accountLinks,
                                      LinkRequests linkRequests, GithubActions githubActions, ForgeLinks forgeLinks,
                                      TelegramClient telegramClient, HttpClient platformHttpClient, DeliveryProperties delivery,
                                      KvStore kv, ChatClaims chatClaims) {
        WebhookerProperties.Platforms platforms = properties.platforms();
        TelegramBotName bot = new TelegramBotName(platformHttpClient, platforms.telegramApiUrl(), platforms.telegramToken(),
                delivery.requestTimeout(), kv);
        return new TelegramCommands(chatTexts, accountLinks, linkRequests, githubActions, forgeLinks, telegramClient, bot, chatClaims);
    }

}
