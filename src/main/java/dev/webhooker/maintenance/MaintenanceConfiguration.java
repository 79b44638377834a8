package dev.webhooker.maintenance;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.quartz.QuartzProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;

import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.platform.discord.DiscordClient;
import dev.webhooker.platform.telegram.TelegramClient;
import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.store.KvStore;
import dev.webhooker.store.PayloadStore;

/** The maintenance jobs' beans; routes/maintenance.camel.yaml calls them by name on their schedules. */
@Configuration(proxyBeanMethods = false)
class MaintenanceConfiguration {

    @Bean
    QuartzJobStoreCustomizer quartzJobStoreCustomizer(DatabaseUrl url, DataSource dataSource,
            ObjectProvider<QuartzProperties> quartz, ObjectProvider<PlatformTransactionManager> transactions) {
        return new QuartzJobStoreCustomizer(url.vendor(), dataSource, quartz.getIfAvailable(),
                transactions.getIfUnique());
    }

    @Bean
    PruneRepository pruneRepository(DataSource dataSource, DatabaseUrl url, MaintenanceProperties maintenance) {
        return new PruneRepository(dataSource, url.vendor(), maintenance.batchSize());
    }

    @Bean
    StoragePrune storagePrune(PruneRepository repository, PayloadStore payloads, ObjectProvider<Clock> clock,
            WebhookerProperties properties, MaintenanceProperties maintenance) {
        return new StoragePrune(repository, payloads, clock.getIfAvailable(Clock::systemUTC),
                properties.ingress() == null ? null : properties.ingress().dedupWindow(),
                properties.retention().sendLogDays(), properties.retention().failedPayload(), maintenance.payloadGrace(),
                properties.retention().deliveredPayload());
    }

    @Bean
    PruneMeters pruneMeters(MeterRegistry meterRegistry) {
        List<String> parts = new ArrayList<>(StoragePrune.PARTS);
        parts.add(PruneMeters.AUDIT_PART);
        return new PruneMeters(meterRegistry, parts);
    }

    @Bean
    AuditPrune auditPrune(PruneRepository repository, ObjectProvider<Clock> clock, WebhookerProperties properties) {
        return new AuditPrune(repository, clock.getIfAvailable(Clock::systemUTC), properties.retention().auditDays());
    }

    @Bean
    DiscordSync discordSync(DiscordClient discordClient, KvStore kv, ObjectMapper mapper, WebhookerProperties properties) {
        return new DiscordSync(discordClient, kv, mapper, properties.platforms().discordApplicationId());
    }

    @Bean
    TelegramSync telegramSync(TelegramClient telegramClient, WebhookerProperties properties, KvStore kv) {
        return new TelegramSync(telegramClient, kv, properties.baseUrl(), properties.platforms().telegramWebhookSecret());
    }
}
