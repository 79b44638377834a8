package dev.webhooker.consent;

import java.time.Clock;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.audit.AuditLog;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.store.ConfigRepository;
import dev.webhooker.store.KvStore;

@Configuration(proxyBeanMethods = false)
class ConsentConfiguration {

    @Bean
    ChatClaims chatClaims(ConfigRepository repository, ConfigSnapshots snapshots, KvStore kv, AuditLog audit) {
        return new ChatClaims(repository, snapshots, kv, audit, Clock.systemUTC());
    }
}
