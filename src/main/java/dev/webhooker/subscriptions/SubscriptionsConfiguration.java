package dev.webhooker.subscriptions;

import java.time.Clock;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.access.ScopeResolver;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.configfile.ConfigFileSync;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.store.ConfigRepository;

@Configuration(proxyBeanMethods = false)
class SubscriptionsConfiguration {

    /** MAX_ROUTES_PER_GROUP holds for routes made from chat as for the console's (super admins aside). */
    @Bean
    ChatSubscriptions chatSubscriptions(ConfigRepository repository, ConfigSnapshots snapshots, ScopeResolver scopes, AuditLog audit,
                                        WebhookerProperties properties, ObjectProvider<Clock> clock,
                                        ObjectProvider<ConfigFileSync> configFile) {
        return new ChatSubscriptions(repository, snapshots, scopes, audit, clock.getIfAvailable(Clock::systemUTC),
                properties.limits().routesPerGroup(), groupId -> {
                    ConfigFileSync sync = configFile.getIfAvailable();
                    return sync != null && sync.managesGroup(groupId);
                });
    }
}
