package dev.webhooker.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

import dev.webhooker.store.CommitGroups;
import dev.webhooker.testsupport.DeliveryRows;
import dev.webhooker.testsupport.TestDatabases;

/** The queue's Camel consumer on the embedded database: wake-ups, back-pressure and the stop. */
class DueDeliveriesConsumerIT {

    private static final Duration LEASE = Duration.ofMinutes(1);

    private DataSource dataSource;
    private DeliveryRows rows;
    private DeliveryWakeUp wakeUp;
    private DeliveryPoller poller;
    private CamelContext camel;
    private final List<String> delivered = new CopyOnWriteArrayList<>();
    private final AtomicInteger running = new AtomicInteger();
    private final List<String> contextAtStart = new CopyOnWriteArrayList<>();
    private final AtomicInteger mostAtOnce = new AtomicInteger();
    private volatile CountDownLatch hold = new CountDownLatch(0);

    @BeforeEach
    void setUp() {
        dataSource = TestDatabases.create(TestDatabases.Kind.H2);
        rows = new DeliveryRows(dataSource);
    }

    @AfterEach
    void tearDown() throws Exception {
        hold.countDown();
        if (camel != null) {
            camel.stop();
        }
        if (dataSource instanceof AutoCloseable closeable) {
            closeable.close();
        }
    }

    /** A consumer of {@code workers} workers whose deliveries take {@code each} (longer while {@link #hold} is closed). */
    private void start(int workers, Duration pollInterval, Duration each) throws Exception {
        DeliveryQueue queue = new DeliveryQueue(dataSource,
                CommitGroups.of(new DataSourceTransactionManager(dataSource), TestDatabases.Kind.H2.vendor()).delivery(),
                Clock.systemUTC(), "consumer-test", DueWorkNotice.none());
        wakeUp = new DeliveryWakeUp(pollInterval);
        poller = new DeliveryPoller(queue, wakeUp, workers, LEASE);
        camel = new DefaultCamelContext();
        camel.addComponent("delivery-queue", new DueDeliveriesComponent(poller, wakeUp, workers));
        camel.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("delivery-queue:due").routeId("claims").process(exchange -> {
                    contextAtStart.add(String.valueOf(org.slf4j.MDC.get("delivery")));
                    org.slf4j.MDC.put("delivery", exchange.getIn().getBody(ClaimedDelivery.class).deliveryId());
                    int now = running.incrementAndGet();
                    mostAtOnce.accumulateAndGet(now, Math::max);
                    try {
                        hold.await(10, TimeUnit.SECONDS);
                        Thread.sleep(each.toMillis());
                        delivered.add(exchange.getIn().getBody(ClaimedDelivery.class).key());
                    } finally {
                        running.decrementAndGet();
                    }
                });
            }
        });
        camel.start();
    }

    private String pending(String id) {
        return rows.insertPending("github", "g1", id, "push", "{}", null, System.currentTimeMillis() - 1_000);
    }

    @Test
    void eachDueDeliveryRunsOnceAndNeverMoreAtOnceThanTheWorkers() throws Exception {
        List<String> keys = new java.util.ArrayList<>();
        for (int i = 0; i < 7; i++) {
            keys.add(pending("d" + i));
        }
        start(2, Duration.ofMillis(50), Duration.ofMillis(60));

        await().atMost(Duration.ofSeconds(10)).until(() -> delivered.size() == keys.size());
        Thread.sleep(300); // a second run of any of them would show up here
        assertThat(delivered).containsExactlyInAnyOrderElementsOf(keys);
        assertThat(mostAtOnce.get()).as("claims wait for a free worker").isBetween(1, 2);
        assertThat(poller.inFlight()).isZero();
    }

    @Test
    void aWorkerStartsEachDeliveryWithoutTheLoggingContextOfTheOneBefore() throws Exception {
        pending("first");
        pending("second");
        start(1, Duration.ofMillis(50), Duration.ZERO);

        await().atMost(Duration.ofSeconds(10)).until(() -> delivered.size() == 2);
        assertThat(contextAtStart).containsExactly("null", "null");
    }

    @Test
    void aSignalWakesItLongBeforeThePollInterval() throws Exception {
        start(2, Duration.ofMinutes(5), Duration.ZERO);
        Thread.sleep(200); // the claim thread is waiting now
        String key = pending("signalled");
        long signalled = System.nanoTime();
        wakeUp.signal();

        await().atMost(Duration.ofSeconds(5)).until(() -> delivered.contains(key));
        assertThat(Duration.ofNanos(System.nanoTime() - signalled)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void aStoppedConsumerClaimsNothingMoreAndLetsTheRunningDeliveryFinish() throws Exception {
        hold = new CountDownLatch(1);
        String running = pending("running");
        start(1, Duration.ofMillis(50), Duration.ZERO);
        await().atMost(Duration.ofSeconds(5)).until(() -> this.running.get() == 1);

        Thread stopping = new Thread(() -> {
            try {
                camel.getRouteController().stopRoute("claims", 10, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        stopping.start();
        String later = pending("after-the-stop");
        // the worker comes free only once the stop has ended the claim thread and stopped the poller
        await().atMost(Duration.ofSeconds(5)).until(poller::isStopping);
        hold.countDown();
        stopping.join(15_000);

        assertThat(delivered).as("the delivery in flight finished").containsExactly(running);
        assertThat(rows.status(later)).as("not claimed by a stopping consumer").isEqualTo("pending");
        assertThat(poller.claimDue()).as("the poller is stopped too").isEmpty();
    }

    @Test
    void theQueueIsOnlyConsumed() throws Exception {
        start(1, Duration.ofMinutes(1), Duration.ZERO);
        assertThatThrownBy(() -> camel.createProducerTemplate().sendBody("delivery-queue:due", "x"))
                .hasStackTraceContaining("deliveries are enqueued by the ingress");
        assertThatThrownBy(() -> camel.getEndpoint("delivery-queue:elsewhere")).hasStackTraceContaining("delivery-queue:due");
    }
}
