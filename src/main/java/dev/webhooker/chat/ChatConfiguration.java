package dev.webhooker.chat;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.format.I18n;

/** The bot's reply texts, from the same dictionaries (and KV overrides) as the notifications. */
@Configuration(proxyBeanMethods = false)
class ChatConfiguration {

    @Bean
    ChatTexts chatTexts(I18n i18n) {
        return new ChatTexts(i18n);
    }
}
