package dev.webhooker.secrets;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.store.KvStore;

/** The key that seals secrets at rest, and the group webhook secrets kept with it. */
@Configuration(proxyBeanMethods = false)
class SecretsConfiguration {

    @Bean
    SecretBox secretBox(WebhookerProperties properties) {
        return SecretKeys.box(properties);
    }

    @Bean
    TenantSecrets tenantSecrets(KvStore kv, SecretBox box) {
        return new TenantSecrets(kv, box);
    }
}
