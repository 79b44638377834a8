package dev.webhooker.queue;

import java.time.Clock;
import java.time.Duration;
import java.util.UUID;

import javax.sql.DataSource;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.routing.SecretSeal;
import dev.webhooker.store.CommitGroups;
import dev.webhooker.store.DatabaseUrl;

/** The queue's tables and wake-ups. The consumer's workers and lease are the delivery engine's settings. */
@Configuration(proxyBeanMethods = false)
class QueueConfiguration {

    /** Names this JVM in lease owners: host (when known), pid and a random part, unique per start. */
    static String instanceId() {
        String host = System.getenv().getOrDefault("HOSTNAME", "local");
        return host + "-" + ProcessHandle.current().pid() + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static Clock clock(ObjectProvider<Clock> clock) {
        return clock.getIfAvailable(Clock::systemUTC);
    }

    @Bean
    DeliveryQueue deliveryQueue(DataSource dataSource, CommitGroups commits, ObjectProvider<Clock> clock, DueWorkNotice notice,
                                WebhookerProperties properties) {
        return new DeliveryQueue(dataSource, commits.delivery(), clock(clock), instanceId(), notice,
                !properties.retention().deliveredPayload().isZero());
    }

    @Bean
    DeliveryTargets deliveryTargets(DataSource dataSource, CommitGroups commits, SecretSeal seal) {
        return new DeliveryTargets(dataSource, commits.delivery(), seal);
    }

    @Bean
    DeliveryReplays deliveryReplays(DataSource dataSource, ObjectProvider<Clock> clock, DueWorkNotice notice) {
        return new DeliveryReplays(new JdbcTemplate(dataSource), clock(clock), notice);
    }

    @Bean
    DeliveryRecords deliveryRecords(DataSource dataSource) {
        return new DeliveryRecords(new JdbcTemplate(dataSource));
    }

    @Bean
    DueWorkNotice dueWorkNotice(DataSource dataSource, DatabaseUrl url) {
        return DueWorkNotice.on(dataSource, url.vendor());
    }

    /**
     * On PostgreSQL, a delivering instance listens for the deliveries other instances commit and claims them at once;
     * on H2 (one instance) and on an ingress-only instance it is never started.
     */
    @Bean(destroyMethod = "stop")
    DueWorkListener dueWorkListener(DatabaseUrl url, DeliveryWakeUp wakeUp,
                                    @Value("${webhooker.delivery.enabled:true}") boolean deliveryEnabled) {
        DueWorkListener listener = new DueWorkListener(DueWorkListener.connector(url), wakeUp::signal,
                Duration.ofSeconds(1), Duration.ofSeconds(15));
        if (deliveryEnabled && url.vendor() == DatabaseUrl.Vendor.POSTGRESQL) {
            listener.start();
        }
        return listener;
    }
}
