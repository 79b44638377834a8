package dev.webhooker.delivery;

import java.time.Clock;
import java.util.UUID;
import java.util.function.Supplier;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.format.GroupLogFormatter;
import dev.webhooker.format.MessageFormatter;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.RouteSelector;
import dev.webhooker.store.PayloadStore;

/** The delivery engine's beans; {@code deliveryWakeUp} and {@code deliveryPoller} are called by routes/delivery.camel.yaml. */
@Configuration(proxyBeanMethods = false)
public class DeliveryConfiguration {

    /** Names this JVM in lease owners: host (when known), pid and a random part, unique per start. */
    static String instanceId() {
        String host = System.getenv().getOrDefault("HOSTNAME", "local");
        return host + "-" + ProcessHandle.current().pid() + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static Clock clock(ObjectProvider<Clock> clock) {
        return clock.getIfAvailable(Clock::systemUTC);
    }

    @Bean
    DeliveryQueue deliveryQueue(DataSource dataSource, ObjectProvider<Clock> clock) {
        return new DeliveryQueue(dataSource, clock(clock), instanceId());
    }

    @Bean
    DeliveryTargets deliveryTargets(DataSource dataSource) {
        return new DeliveryTargets(dataSource);
    }

    @Bean
    SendLogs sendLogs(DataSource dataSource) {
        return new SendLogs(dataSource);
    }

    @Bean
    MessageTracking messageTracking(DataSource dataSource, ObjectProvider<Clock> clock) {
        return new MessageTracking(dataSource, clock(clock));
    }

    @Bean
    MessageLocks messageLocks(DataSource dataSource, ObjectProvider<Clock> clock) {
        return new MessageLocks(dataSource, clock(clock));
    }

    @Bean
    PayloadResolver payloadResolver(ObjectMapper json, ObjectProvider<PayloadStore> payloadStore) {
        return new PayloadResolver(json, payloadStore.getIfAvailable());
    }

    @Bean
    RouteCatalog routeCatalog(ConfigSnapshots snapshots, ObjectProvider<RouteSelector> selector) {
        return new SnapshotRouteCatalog(snapshots, selector.getIfAvailable(RouteSelector::new));
    }

    @Bean
    MessageComposer messageComposer(MessageFormatter formatter, GroupLogFormatter groupLogFormatter) {
        return new FormatterComposer(formatter, groupLogFormatter);
    }

    @Bean
    DeliveryWakeUp deliveryWakeUp(DeliveryProperties settings) {
        return new DeliveryWakeUp(settings.pollInterval());
    }

    @Bean
    DeliveryPoller deliveryPoller(DeliveryQueue queue, DeliveryTargets targets, SendLogs sendLogs, MessageTracking tracking,
                                  MessageLocks locks, PayloadResolver payloads, ObjectProvider<RouteCatalog> catalog,
                                  ObjectProvider<MessageComposer> composer, ObjectProvider<MessageRenderer> renderer,
                                  ObjectProvider<PlatformSender> sender, DeliveryWakeUp wakeUp, DeliveryProperties settings,
                                  ObjectProvider<Clock> clock) {
        Supplier<DeliveryProcessor> processor = new Supplier<>() {
            private volatile DeliveryProcessor built;

            @Override
            public DeliveryProcessor get() {
                if (built == null) {
                    RouteCatalog c = catalog.getIfAvailable();
                    MessageComposer m = composer.getIfAvailable();
                    MessageRenderer r = renderer.getIfAvailable();
                    PlatformSender s = sender.getIfAvailable();
                    if (c == null || m == null || r == null || s == null) {
                        return null;
                    }
                    built = new DeliveryProcessor(queue, targets, sendLogs, tracking, locks, payloads, c, m, r, s,
                            settings, clock(clock));
                }
                return built;
            }
        };
        return new DeliveryPoller(queue, processor, wakeUp, settings);
    }
}
