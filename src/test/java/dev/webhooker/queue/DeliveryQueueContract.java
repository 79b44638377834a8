package dev.webhooker.queue;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.queue.ClaimedDelivery;
import dev.webhooker.queue.DeliveryQueue;
import dev.webhooker.queue.DeliveryStatus;
import dev.webhooker.secrets.SecretBox;
import dev.webhooker.store.CommitGroups;
import dev.webhooker.testsupport.DeliveryRows;
import dev.webhooker.testsupport.TestClock;
import dev.webhooker.testsupport.TestDatabases;

/** The queue's claim / lease / release rules, run against H2 and PostgreSQL. */
abstract class DeliveryQueueContract {

    static final Duration LEASE = Duration.ofSeconds(30);

    abstract TestDatabases.Kind kind();

    DataSource dataSource;
    TestClock clock;
    DeliveryQueue queue;
    DeliveryRows rows;

    @BeforeEach
    void setUp() {
        dataSource = TestDatabases.create(kind());
        clock = new TestClock(Instant.parse("2026-11-30T10:00:00Z"));
        queue = queueOf("node-a");
        rows = new DeliveryRows(dataSource);
    }

    @org.junit.jupiter.api.AfterEach
    void tearDown() throws Exception {
        if (dataSource instanceof AutoCloseable closeable) {
            closeable.close();
        }
    }

    private DeliveryQueue queueOf(String node) {
        return new DeliveryQueue(dataSource, CommitGroups.of(new DataSourceTransactionManager(dataSource), kind().vendor()).delivery(), clock, node,
                DueWorkNotice.none());
    }

    @Test
    void claimsDueRowsOldestFirstAndLeasesThem() {
        long now = clock.millis();
        String later = rows.insertPending("github", null, "d2", "push", "{}", null, now - 10);
        String earlier = rows.insertPending("github", "g1", "d1", "push", "{\"a\":1}", null, now - 20);
        rows.insertPending("github", null, "future", "push", "{}", null, now + 60_000);

        List<ClaimedDelivery> claimed = queue.claimDue(10, LEASE);

        assertThat(claimed).extracting(ClaimedDelivery::key).containsExactly(earlier, later);
        ClaimedDelivery first = claimed.get(0);
        assertThat(first.groupId()).isEqualTo("g1");
        assertThat(first.payload()).isEqualTo("{\"a\":1}");
        assertThat(first.attempts()).isEqualTo(1);
        assertThat(first.lockToken()).startsWith("node-a/");
        assertThat(rows.status(earlier)).isEqualTo("processing");
        assertThat(queue.claimDue(10, LEASE)).as("leased rows are not claimed again").isEmpty();
    }

    @Test
    void aRenamedGroupTakesItsDeliveriesAndTheirTargetsAlong() {
        String moved = rows.insertPending("github", "team", "d-team", "push", "{}", null, clock.millis());
        String other = rows.insertPending("github", "elsewhere", "d-else", "push", "{}", null, clock.millis());
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        jdbc.update("INSERT INTO delivery_targets (delivery_key, group_id, route_id, target_id, position, platform, status, attempts,"
                + " next_attempt_at, updated_at) VALUES (?, 'team', 'r', 'discord:1', 0, 'discord', 'pending', 0, 0, 0)", other);

        queue.renameGroup("team", "crew");

        assertThat(jdbc.queryForObject("SELECT group_id FROM delivery_state WHERE key = ?", String.class, moved)).isEqualTo("crew");
        assertThat(jdbc.queryForObject("SELECT group_id FROM delivery_state WHERE key = ?", String.class, other))
                .as("another group's endpoint").isEqualTo("elsewhere");
        assertThat(jdbc.queryForObject("SELECT group_id FROM delivery_targets WHERE delivery_key = ?", String.class, other))
                .as("a target of the renamed group on another group's delivery").isEqualTo("crew");
    }

    @Test
    void plansSavedAtTheSameMomentAreAllStoredAndOneAlreadyStoredWins() throws Exception {
        DeliveryTargets targets = new DeliveryTargets(dataSource,
                CommitGroups.of(new DataSourceTransactionManager(dataSource), kind().vendor()).delivery(),
                new SecretBox("plans-test-key-plans-test-key-plans", null));
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            keys.add(rows.insertPending("github", "g1", "plan-" + i, "push", "{}", null, clock.millis()));
        }
        // a worker whose lease expired stored this plan first
        List<DeliveryTarget> stored = planOf(keys.get(0), "first", "333", "444", "555");
        targets.savePlan(keys.get(0), stored);

        ExecutorService workers = Executors.newFixedThreadPool(keys.size());
        CountDownLatch start = new CountDownLatch(1);
        List<Future<List<DeliveryTarget>>> saved = new ArrayList<>();
        try {
            for (String key : keys) {
                saved.add(workers.submit(() -> {
                    start.await();
                    return targets.savePlan(key, planOf(key, "second", "333", "444", "555"));
                }));
            }
            start.countDown();
            assertThat(saved.get(0).get()).extracting(DeliveryTarget::routeName).containsOnly("first");
            for (int i = 1; i < keys.size(); i++) {
                assertThat(saved.get(i).get()).hasSize(3);
            }
        } finally {
            workers.shutdownNow();
        }

        assertThat(targets.list(keys.get(0))).extracting(DeliveryTarget::routeName).containsOnly("first");
        for (String key : keys) {
            assertThat(targets.list(key)).extracting(DeliveryTarget::targetId).containsExactly("333", "444", "555");
        }
    }

    private List<DeliveryTarget> planOf(String key, String routeName, String... channels) {
        List<DeliveryTarget> plan = new ArrayList<>();
        for (int i = 0; i < channels.length; i++) {
            plan.add(new DeliveryTarget(key, "g1", "r", i, routeName, new DiscordTarget(channels[i], null),
                    TargetProgress.fresh(clock.instant()), null, null, null, null));
        }
        return plan;
    }

    @Test
    void respectsTheLimit() {
        for (int i = 0; i < 5; i++) {
            rows.insertPending("github", null, "d" + i, "push", "{}", null, clock.millis() - i);
        }
        assertThat(queue.claimDue(2, LEASE)).hasSize(2);
        assertThat(queue.claimDue(10, LEASE)).hasSize(3);
    }

    @Test
    void anExpiredLeaseIsTakenOverAndTheOldOwnerCanNoLongerWrite() {
        String key = rows.insertPending("github", null, "d1", "push", "{}", null, clock.millis());
        ClaimedDelivery crashed = queue.claimDue(1, LEASE).get(0);

        clock.advance(LEASE.plusMillis(1));
        DeliveryQueue other = queueOf("node-b");
        List<ClaimedDelivery> taken = other.claimDue(1, LEASE);

        assertThat(taken).singleElement().satisfies(d -> {
            assertThat(d.key()).isEqualTo(key);
            assertThat(d.attempts()).isEqualTo(2);
            assertThat(d.lockToken()).startsWith("node-b/");
        });
        assertThat(queue.renew(crashed, LEASE)).isFalse();
        assertThat(queue.finish(crashed, DeliveryStatus.DELIVERED, null)).isFalse();
        assertThat(other.renew(taken.get(0), LEASE)).isTrue();
        assertThat(other.finish(taken.get(0), DeliveryStatus.DELIVERED, null)).isTrue();
        assertThat(rows.status(key)).isEqualTo("delivered");
    }

    @Test
    void aRenewedLeaseIsNotTakenOver() {
        rows.insertPending("github", null, "d1", "push", "{}", null, clock.millis());
        ClaimedDelivery mine = queue.claimDue(1, LEASE).get(0);
        clock.advance(LEASE.minusSeconds(1));
        assertThat(queue.renew(mine, LEASE)).isTrue();
        clock.advance(Duration.ofSeconds(2));

        assertThat(queueOf("node-b").claimDue(1, LEASE)).isEmpty();
    }

    @Test
    void aRescheduledDeliveryComesBackWhenDue() {
        String key = rows.insertPending("github", null, "d1", "push", "{}", null, clock.millis());
        ClaimedDelivery claim = queue.claimDue(1, LEASE).get(0);

        assertThat(queue.reschedule(claim, clock.instant().plusSeconds(5), "DISCORD_5XX")).isTrue();
        assertThat(rows.status(key)).isEqualTo("retrying");
        assertThat(queue.claimDue(1, LEASE)).isEmpty();

        clock.advance(Duration.ofSeconds(5));
        assertThat(queue.claimDue(1, LEASE)).singleElement()
                .satisfies(d -> assertThat(d.attempts()).isEqualTo(2));
    }

    @Test
    void aFinalDeliveryDiscardsItsInlinePayloadAndKeepsTheParkedReference() {
        long now = clock.millis();
        String inline = rows.insertPending("github", null, "d1", "push", "{\"a\":1}", null, now - 30);
        String parked = rows.insertPending("github", null, "d2", "push", null, "webhooks/2026/11/30/x.json", now - 20);
        String retried = rows.insertPending("github", null, "d3", "push", "{\"c\":3}", null, now - 10);
        List<ClaimedDelivery> claimed = queue.claimDue(3, LEASE);
        assertThat(claimed).extracting(ClaimedDelivery::key).containsExactly(inline, parked, retried);

        assertThat(queue.finish(claimed.get(0), DeliveryStatus.DELIVERED, null)).isTrue();
        assertThat(queue.finish(claimed.get(1), DeliveryStatus.DEAD, "DISCORD_5XX")).isTrue();
        assertThat(queue.reschedule(claimed.get(2), clock.instant().plusSeconds(5), "DISCORD_5XX")).isTrue();

        assertThat(payloadAndRef(inline)).containsExactly(null, null);
        assertThat(payloadAndRef(parked)).as("the sweep deletes the object by this reference")
                .containsExactly(null, "webhooks/2026/11/30/x.json");
        assertThat(payloadAndRef(retried)).as("a delivery that will be retried keeps its payload")
                .containsExactly("{\"c\":3}", null);
        clock.advance(Duration.ofSeconds(5));
        assertThat(queue.claimDue(1, LEASE)).singleElement().satisfies(d -> assertThat(d.payload()).isEqualTo("{\"c\":3}"));
    }

    @Test
    void aQueueThatKeepsDeliveredPayloadsLeavesThemForTheDeliveryView() {
        DeliveryQueue keeping = new DeliveryQueue(dataSource, CommitGroups.of(new DataSourceTransactionManager(dataSource),
                kind().vendor()).delivery(), clock, "keeping", DueWorkNotice.none(), true);
        long now = clock.millis();
        String inline = rows.insertPending("github", null, "k1", "push", "{\"a\":1}", null, now - 20);
        String parked = rows.insertPending("github", null, "k2", "push", null, "webhooks/2026/11/30/k.json", now - 10);
        List<ClaimedDelivery> claimed = keeping.claimDue(2, LEASE);
        assertThat(keeping.keepsDeliveredPayload()).isTrue();

        assertThat(keeping.finish(claimed.get(0), DeliveryStatus.DELIVERED, null)).isTrue();
        assertThat(keeping.finish(claimed.get(1), DeliveryStatus.DELIVERED, null)).isTrue();

        assertThat(payloadAndRef(inline)).containsExactly("{\"a\":1}", null);
        assertThat(payloadAndRef(parked)).containsExactly(null, "webhooks/2026/11/30/k.json");
        assertThat(queueOf("discarding").keepsDeliveredPayload()).isFalse();
    }

    private List<String> payloadAndRef(String key) {
        return rows.jdbc().queryForObject("SELECT payload, payload_ref FROM delivery_state WHERE key = ?",
                (rs, i) -> Arrays.asList(rs.getString(1), rs.getString(2)), key);
    }

    @Test
    void aClaimGivenBackIsDueAtOnceForAnotherInstanceWithItsTryCountAsBefore() {
        String retried = rows.insertPending("github", null, "d1", "push", "{}", null, clock.millis() - 20);
        String fresh = rows.insertPending("github", null, "d2", "push", "{}", null, clock.millis() - 10);
        ClaimedDelivery first = queue.claimDue(1, LEASE).get(0);
        assertThat(first.key()).isEqualTo(retried);
        assertThat(queue.reschedule(first, clock.instant(), "DISCORD_5XX")).isTrue();
        List<ClaimedDelivery> claimed = queue.claimDue(2, LEASE);
        assertThat(claimed).extracting(ClaimedDelivery::key).containsExactly(fresh, retried);

        assertThat(queue.giveBack(claimed.get(0))).isTrue();
        assertThat(queue.giveBack(claimed.get(1))).isTrue();
        assertThat(queue.giveBack(claimed.get(1))).as("only once").isFalse();

        assertThat(rows.status(fresh)).isEqualTo("pending");
        assertThat(rows.status(retried)).isEqualTo("retrying");
        List<ClaimedDelivery> taken = queueOf("node-b").claimDue(2, LEASE);
        assertThat(taken).as("no lease to wait for").extracting(ClaimedDelivery::key).containsExactlyInAnyOrder(fresh, retried);
        assertThat(taken).filteredOn(d -> d.key().equals(fresh)).singleElement().satisfies(d -> assertThat(d.attempts()).isEqualTo(1));
        assertThat(taken).filteredOn(d -> d.key().equals(retried)).singleElement().satisfies(d -> assertThat(d.attempts()).isEqualTo(2));
        assertThat(queue.finish(claimed.get(0), DeliveryStatus.DELIVERED, null)).as("the old claim cannot write").isFalse();
    }

    @Test
    void retriesAndExpiredLeasesTakeTheirTurnByDueTimeBehindAPendingBacklog() {
        String retried = rows.insertPending("github", null, "retried", "push", "{}", null, clock.millis() - 20);
        String leased = rows.insertPending("github", null, "leased", "push", "{}", null, clock.millis() - 10);
        ClaimedDelivery retry = queue.claimDue(1, LEASE).get(0);
        assertThat(queue.reschedule(retry, clock.instant(), "DISCORD_5XX")).isTrue();
        assertThat(queue.claimDue(1, LEASE)).extracting(ClaimedDelivery::key).containsExactly(leased);
        clock.advance(LEASE.plusSeconds(1));
        // a backlog of pending deliveries that became due after both
        for (int i = 0; i < 20; i++) {
            rows.insertPending("github", null, "backlog-" + i, "push", "{}", null, clock.millis());
        }

        assertThat(queue.claimDue(2, LEASE)).extracting(ClaimedDelivery::key).containsExactlyInAnyOrder(retried, leased);
        assertThat(queue.claimDue(25, LEASE)).hasSize(20);
    }

    @Test
    void finalDeliveriesAreNeverClaimed() {
        rows.insertPending("github", null, "d1", "push", "{}", null, clock.millis());
        ClaimedDelivery claim = queue.claimDue(1, LEASE).get(0);
        queue.finish(claim, DeliveryStatus.FAILED, "DISCORD_ERROR");

        clock.advance(Duration.ofDays(1));
        assertThat(queue.claimDue(10, LEASE)).isEmpty();
    }

    @Test
    void concurrentClaimersNeverGetTheSameRow() throws Exception {
        int total = 200;
        for (int i = 0; i < total; i++) {
            rows.insertPending("github", null, "d" + i, "push", "{}", null, clock.millis() - i);
        }
        int claimers = 6;
        ExecutorService pool = Executors.newFixedThreadPool(claimers);
        CountDownLatch start = new CountDownLatch(1);
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        List<Callable<Void>> tasks = new ArrayList<>();
        for (int c = 0; c < claimers; c++) {
            DeliveryQueue q = queueOf("node-" + c);
            tasks.add(() -> {
                start.await();
                List<ClaimedDelivery> batch;
                do {
                    batch = q.claimDue(7, LEASE);
                    batch.forEach(d -> seen.add(d.key()));
                } while (!batch.isEmpty());
                return null;
            });
        }
        List<Future<Void>> futures = new ArrayList<>();
        for (Callable<Void> task : tasks) {
            futures.add(pool.submit(task));
        }
        start.countDown();
        for (Future<Void> f : futures) {
            f.get();
        }
        pool.shutdown();

        Set<String> distinct = new HashSet<>(seen);
        assertThat(seen).hasSize(total);
        assertThat(distinct).hasSize(total);
    }
}
