package dev.webhooker.chat.telegram;

import java.time.Clock;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.actions.ForgeLinks;
import dev.webhooker.actions.GithubActions;
import dev.webhooker.chat.ChatTexts;
import dev.webhooker.consent.ChatClaims;
import dev.webhooker.subscriptions.ChatSubscriptions;
import dev.webhooker.chat.ChatWork;
import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.platform.telegram.TelegramClient;
import dev.webhooker.signin.AccountLinks;
import dev.webhooker.signin.LinkRequests;
import dev.webhooker.store.KvStore;

/** The Telegram commands endpoint (TELEGRAM_WEBHOOK_SECRET), answering through the Telegram client. */
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
                                      TelegramClient telegramClient, KvStore kv, ChatClaims chatClaims,
                                      ChatSubscriptions chatSubscriptions) {
        TelegramBotName bot = new TelegramBotName(telegramClient, kv);
        return new TelegramCommands(chatTexts, accountLinks, linkRequests, githubActions, forgeLinks, telegramClient, bot, chatClaims,
                chatSubscriptions);
    }

}
