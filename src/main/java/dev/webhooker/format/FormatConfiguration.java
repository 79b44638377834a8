package dev.webhooker.format;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.webhooker.store.KvStore;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

/** Wires the formatting beans; the classes themselves stay free of Spring and Camel. */
@Configuration(proxyBeanMethods = false)
class FormatConfiguration {

    @Bean
    I18n i18n(ObjectProvider<KvStore> kvStore, ObjectProvider<ObjectMapper> mapper) {
        return new I18n(kvStore.getIfAvailable(), mapper.getIfAvailable(ObjectMapper::new), Clock.systemUTC(),
                I18n.DEFAULT_CACHE_TTL);
    }

    @Bean
    MessageFormatter messageFormatter(I18n i18n, ObjectProvider<LinkedAccounts> linked) {
        return new MessageFormatter(i18n, new EventFormatters(), Clock.systemUTC(), linked.getIfAvailable(LinkedAccounts::none));
    }

    @Bean
    TemplateCheck templateCheck(MessageFormatter messageFormatter) {
        return new TemplateCheck(messageFormatter);
    }

    @Bean
    GroupLogFormatter groupLogFormatter(I18n i18n) {
        return new GroupLogFormatter(i18n, Clock.systemUTC());
    }
}
