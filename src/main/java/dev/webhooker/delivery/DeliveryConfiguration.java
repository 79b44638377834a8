package dev.webhooker.delivery;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ExecutorService;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.ContextClosedEvent;

import dev.webhooker.format.GroupLogFormatter;
import dev.webhooker.format.MessageFormatter;
import dev.webhooker.queue.DeliveryPoller;
import dev.webhooker.queue.DeliveryQueue;
import dev.webhooker.queue.DeliveryTargets;
import dev.webhooker.queue.DeliveryWakeUp;
import dev.webhooker.queue.DueDeliveriesComponent;
import dev.webhooker.queue.DueWorkNotice;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.RouteSelector;
import dev.webhooker.store.PayloadStore;

/**
 * The delivery engine's beans; routes/delivery.camel.yaml consumes {@code delivery-queue:due}, calls
 * {@code deliverySteps} and {@code targetSteps}, and splits on {@code deliveryTargetSends}, collecting the sends'
 * outcomes with {@code targetOutcomes}.
 */
@Configuration(proxyBeanMethods = false)
class DeliveryConfiguration {

    private static final Logger LOG = LoggerFactory.getLogger(DeliveryConfiguration.class);

    private static Clock clock(ObjectProvider<Clock> clock) {
        return clock.getIfAvailable(Clock::systemUTC);
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
        return new DeliveryPoller(queue, wakeUp, settings.workers(), settings.lease());
    }

    /** The queue's consumer, {@code delivery-queue:due} in routes/delivery.camel.yaml (Camel finds it by this name). */
    @Bean("delivery-queue")
    DueDeliveriesComponent deliveryQueueComponent(DeliveryPoller poller, DeliveryWakeUp wakeUp, DeliveryProperties settings) {
        return new DueDeliveriesComponent(poller, wakeUp, settings.workers());
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
