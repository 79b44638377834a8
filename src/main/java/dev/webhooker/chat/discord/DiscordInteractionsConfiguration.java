package dev.webhooker.chat.discord;

import java.time.Clock;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

import dev.webhooker.actions.ForgeLinks;
import dev.webhooker.actions.GithubActions;
import dev.webhooker.chat.ChatTexts;
import dev.webhooker.chat.ChatWork;
import dev.webhooker.consent.ChatClaims;
import dev.webhooker.subscriptions.ChatSubscriptions;
import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.platform.discord.DiscordClient;
import dev.webhooker.signin.AccountLinks;
import dev.webhooker.signin.LinkRequests;
import dev.webhooker.store.KvStore;

/** The Discord interactions endpoint (DISCORD_PUBLIC_KEY) and the pool its follow-ups run on. */
@Configuration(proxyBeanMethods = false)
class DiscordInteractionsConfiguration {

    /** Work after a deferral: GitHub calls, then the edit of the reply. */
    @Bean
    ChatWork discordInteractionWork() {
        return new ChatWork("discord-interaction", 4, 200);
    }

    @Bean
    InteractionSignature interactionSignature(WebhookerProperties properties) {
        return InteractionSignature.of(properties.platforms().discordPublicKey());
    }

    /** Before the filter that reads request bodies ({@code web.RequestBodyFilter}, order HIGHEST_PRECEDENCE + 20). */
    @Bean
    FilterRegistrationBean<InteractionHeadersFilter> interactionHeadersFilter(InteractionSignature interactionSignature,
                                                                              ObjectProvider<Clock> clock) {
        FilterRegistrationBean<InteractionHeadersFilter> registration = new FilterRegistrationBean<>(
                new InteractionHeadersFilter(interactionSignature, clock.getIfAvailable(Clock::systemUTC)));
        registration.addUrlPatterns(InteractionHeadersFilter.PATH);
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 15);
        return registration;
    }

    @Bean
    InteractionHandler interactionHandler(WebhookerProperties properties, ChatTexts chatTexts, AccountLinks accountLinks,
                                          LinkRequests linkRequests, GithubActions githubActions, ForgeLinks forgeLinks,
                                          KvStore kv, DiscordClient discordClient, ChatWork discordInteractionWork,
                                          ChatClaims chatClaims, ChatSubscriptions chatSubscriptions) {
        return new InteractionHandler(chatTexts, accountLinks, linkRequests, githubActions, forgeLinks,
                new ModalContexts(kv), new DiscordFollowUps(discordClient), discordInteractionWork, chatClaims,
                chatSubscriptions);
    }

}
