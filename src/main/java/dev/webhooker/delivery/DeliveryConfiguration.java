package dev.webhooker.delivery;

import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.ExecutorService;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.format.GroupLogFormatter;
import dev.webhooker.format.MessageFormatter;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.RouteSelector;
import dev.webhooker.routing.SecretSeal;
import dev.webhooker.store.CommitGroups;
import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.store.PayloadStore;

/**
 * The delivery engine's beans; routes/delivery.camel.yaml calls {@code deliveryWakeUp}, {@code deliveryPoller},
 * {@code deliverySteps} and {@code targetSteps}, and splits on {@code deliveryTargetSends}, collecting the sends'
 * outcomes with {@code targetOutcomes}.
 */
@Configuration(proxyBeanMethods = false)
class DeliveryConfiguration {

    private static final Logger LOG = LoggerFactory.getLogger(DeliveryConfiguration.class);

    /** Names this JVM in lease owners: host (when known), pid and a random part, unique per start. */
    static String instanceId() {
        String host = System.getenv().getOrDefault("HOSTNAME", "local");
        return host + "-" + ProcessHandle.current().pid() + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static Clock clock(ObjectProvider<Clock> clock) {
        return clock.getIfAvailable(Clock::systemUTC);
    }

    @Bean
    DeliveryQueue deliveryQueue(DataSource dataSource, CommitGroups commits, ObjectProvider<Clock> clock) {
        return new DeliveryQueue(dataSource, commits.delivery(), clock(clock), instanceId());
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
    PayloadResolver payloadResolver(ObjectMapper json, PayloadStore payloadStore) {
        return new PayloadResolver(json, payloadStore);
    }

    /** One shared selector: it caches each config version's compiled patterns. */
    @Bean
    RouteSelector routeSelector() {
        return new RouteSelector();
    }

    @Bean
    RouteCatalog routeCatalog(ConfigSnapshots snapshots, RouteSelector routeSelector) {
        return new SnapshotRouteCatalog(snapshots, routeSelector);
    }

    @Bean
    MessageComposer messageComposer(MessageFormatter formatter, GroupLogFormatter groupLogFormatter) {
        return new FormatterComposer(formatter, groupLogFormatter);
    }

    @Bean
    DeliveryWakeUp deliveryWakeUp(DeliveryProperties settings) {
        return new DeliveryWakeUp(settings.pollInterval());
    }

    /** Two threads per worker: every worker can have a fan-out of 3 in flight at once (it sends one itself). */
    @Bean
    TargetSendPool targetSendPool(DeliveryProperties settings) {
        return new TargetSendPool(2 * settings.workers());
    }

    /**
     * The split of routes/delivery.camel.yaml runs on it (found by name). Not a default candidate: injected by type it
     * would take the place of Boot's task executor, which platform-http runs the requests on.
     */
    @Bean(defaultCandidate = false)
    ExecutorService deliveryTargetSends(TargetSendPool targetSendPool) {
        return targetSendPool.executorService();
    }

    @Bean
    DeliverySteps deliverySteps(DeliveryQueue queue, DeliveryTargets targets, SendLogs sendLogs, PayloadResolver payloads,
                                RouteCatalog catalog, MessageComposer composer, MessageRenderer renderer,
                                PlatformCalls calls, DeliveryProperties settings, ObjectProvider<Clock> clock,
                                DeliveryMeters deliveryMeters, DeliveryTracing deliveryTracing) {
        return new DeliverySteps(queue, targets, sendLogs, payloads, catalog, composer, renderer, calls, settings,
                deliveryMeters, deliveryTracing, clock(clock));
    }

    @Bean
    TargetHealth targetHealth(DataSource dataSource, DeliveryProperties settings) {
        return new TargetHealth(dataSource, settings.failureStreak());
    }

    @Bean
    TargetSteps targetSteps(RouteCatalog catalog, MessageComposer composer, MessageRenderer renderer, PlatformCalls calls,
                            MessageTracking tracking, MessageLocks locks, DeliveryTargets targets, SendLogs sendLogs,
                            TargetHealth targetHealth, DeliveryProperties settings, ObjectProvider<Clock> clock,
                            DeliveryMeters deliveryMeters) {
        return new TargetSteps(catalog, composer, renderer, calls, tracking, locks,
                new OutcomeStore(targets, sendLogs, targetHealth, clock(clock)), targetHealth, settings, deliveryMeters,
                clock(clock));
    }

    /** The aggregation of the split over a delivery's target sends. */
    @Bean
    TargetOutcomes targetOutcomes() {
        return new TargetOutcomes();
    }

    @Bean
    DeliveryMeters deliveryMeters(MeterRegistry meterRegistry) {
        return new DeliveryMeters(meterRegistry);
    }

    /** Micrometer Tracing's tracer and W3C propagator when tracing is on (Spring Boot's default), else none. */
    @Bean
    DeliveryTracing deliveryTracing(ObjectProvider<Tracer> tracer, ObjectProvider<Propagator> propagator) {
        Tracer available = tracer.getIfAvailable();
        Propagator w3c = propagator.getIfAvailable();
        return available == null || w3c == null ? DeliveryTracing.none() : new DeliveryTracing(available, w3c);
    }

    @Bean
    QueueGauges queueGauges(DataSource dataSource, ObjectProvider<Clock> clock, MeterRegistry meterRegistry) {
        return new QueueGauges(dataSource, clock(clock), meterRegistry);
    }

    /** Stopped twice: when shutdown begins (below) and once the beans go, for what the routes left queued. */
    @Bean(destroyMethod = "stop")
    DeliveryPoller deliveryPoller(DeliveryQueue queue, DeliveryWakeUp wakeUp, DeliveryProperties settings) {
        return new DeliveryPoller(queue, wakeUp, settings);
    }

    /**
     * At the start of a shutdown, before the routes stop: no more claims, and the claims no worker has started
     * go back to the queue at once (another instance takes them without waiting for their lease, and on PostgreSQL
     * is told so at once rather than at its next poll).
     */
    @Bean
    ApplicationListener<ContextClosedEvent> deliveryPollerStop(DeliveryPoller deliveryPoller, DueWorkNotice notice) {
        return event -> {
            if (deliveryPoller.stop() > 0) {
                try {
                    notice.announce();
                } catch (RuntimeException e) {
                    LOG.debug("could not announce the deliveries given back; the other instances' polls find them", e);
                }
            }
        };
    }
}
