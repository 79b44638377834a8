package dev.webhooker.store;

import java.util.List;

import org.springframework.beans.factory.ObjectProvider;

import dev.webhooker.routing.TargetPolicy;

import java.time.Clock;
import java.time.Duration;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;

import dev.webhooker.routing.SecretSeal;
import dev.webhooker.routing.ConfigSnapshots;

/** Groups and routes: the SQL repository and the snapshot every request reads, kept fresh. */
@Configuration(proxyBeanMethods = false)
class ConfigStoreConfiguration {

    @Bean
    ConfigRepository configRepository(JdbcTemplate jdbc, PlatformTransactionManager transactions, MeterRegistry meterRegistry,
                                      SecretSeal seal, ObjectProvider<TargetPolicy> policies) {
        // every platform's rule about which of its targets this deployment allows (CAMEL_TARGET_SCHEMES…)
        List<TargetPolicy> all = policies.orderedStream().toList();
        TargetPolicy policy = (target, problems) -> all.forEach(p -> p.check(target, problems));
        ConfigRepository repository = new ConfigRepository(jdbc, transactions, Clock.systemUTC(), seal, policy);
        // webhooker_config_applies_total: committed configuration writes of this instance (API, file, import)
        repository.addChangeListener(meterRegistry.counter("webhooker.config.applies")::increment);
        return repository;
    }

    @Bean
    ConfigSnapshots configSnapshots(ConfigRepository repository) {
        ConfigSnapshots snapshots = new ConfigSnapshots(repository);
        repository.addChangeListener(snapshots::refresh);
        return snapshots;
    }

    /** The {@code config} check of /health and of readiness (the bean's name gives the actuator's "config"). */
    @Bean
    ConfigReadHealth configHealthIndicator(ConfigRepository repository) {
        return new ConfigReadHealth(repository);
    }

    @Bean(destroyMethod = "close")
    ConfigSnapshotPoller configSnapshotPoller(ConfigSnapshots snapshots,
                                              @Value("${webhooker.config.refresh-interval:5s}") Duration interval) {
        return new ConfigSnapshotPoller(snapshots, interval);
    }
}
