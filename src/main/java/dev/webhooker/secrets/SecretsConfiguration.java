package dev.webhooker.secrets;

import java.time.Clock;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.store.KvStore;

/** The key that seals secrets at rest, and the group webhook secrets kept with it. */
@Configuration(proxyBeanMethods = false)
class SecretsConfiguration {

    /**
     * The key, checked against the one this database's secrets were sealed with before anything can use it: every
     * component that reads or writes a sealed value gets it from here, whatever kind of instance this is (serving
     * and delivering, ingress-only with DELIVERY_ENABLED=false, a command of the jar). The JdbcTemplate is the one
     * Flyway's migrations come first for.
     */
    @Bean
    SecretBox secretBox(WebhookerProperties properties, JdbcTemplate jdbc, KvStore kv) {
        SecretBox box = SecretKeys.box(properties);
        new SecretKeyCheck(jdbc, kv, box, SecretKeys.source(properties), Clock.systemUTC()).verify();
        return box;
    }

    @Bean
    TenantSecrets tenantSecrets(KvStore kv, SecretBox box) {
        return new TenantSecrets(kv, box);
    }
}
