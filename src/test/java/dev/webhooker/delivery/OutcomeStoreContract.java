package dev.webhooker.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

import dev.webhooker.queue.ClaimedDelivery;
import dev.webhooker.queue.DeliveryQueue;
import dev.webhooker.queue.DeliveryTarget;
import dev.webhooker.queue.DeliveryTargets;
import dev.webhooker.queue.DueWorkNotice;
import dev.webhooker.queue.TargetProgress;
import dev.webhooker.queue.TargetStatus;
import dev.webhooker.platform.discord.DiscordTarget;
import dev.webhooker.routing.WebhookEvent;
import dev.webhooker.store.CommitGroups;
import dev.webhooker.store.GroupCommit;
import dev.webhooker.testsupport.DeliveryRows;
import dev.webhooker.testsupport.TestClock;
import dev.webhooker.testsupport.TestDatabases;

/**
 * What the outcome store writes for an attempt, and when: the first outcome of a first attempt inserts the plan with
 * itself applied, the outcomes after it update those rows, and outcomes that arrive while another is being written go
 * in one write; a plan another worker stored first means the lease is lost; an attempt whose outcome cannot be stored
 * keeps its plan for the retry. On each database the service runs on, with the queue's real tables.
 */
abstract class OutcomeStoreContract {

    static final Duration LEASE = Duration.ofSeconds(30);

    abstract TestDatabases.Kind kind();

    DataSource ds;
    TestClock clock;
    DeliveryRows rows;
    DeliveryQueue queue;
    /** What each insertAll and updateAll call wrote: the statuses of its rows, by call. */
    final List<String> writes = new CopyOnWriteArrayList<>();
    volatile boolean insertsFail;
    /** While set, the next insertAll waits for it to be let go (a write in progress). */
    volatile CountDownLatch holdInsert;
    OutcomeStore store;
    DeliveryTargets targets;

    @BeforeEach
    void setUp() {
        ds = TestDatabases.create(kind());
        clock = new TestClock(Instant.parse("2026-12-04T10:00:00Z"));
        rows = new DeliveryRows(ds);
        GroupCommit commits = CommitGroups.of(new DataSourceTransactionManager(ds), kind().vendor()).delivery();
        queue = new DeliveryQueue(ds, commits, clock, "a", DueWorkNotice.none());
        targets = new DeliveryTargets(ds, commits, EngineHarness.SEAL) {
            @Override
            public void insertAll(List<DeliveryTarget> planned, List<Instant> times) {
                writes.add("insert " + statuses(planned));
                CountDownLatch hold = holdInsert;
                if (hold != null) {
                    try {
                        hold.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                if (insertsFail) {
                    throw new org.springframework.transaction.CannotCreateTransactionException("connection refused");
                }
                super.insertAll(planned, times);
            }

            @Override
            public void updateAll(List<DeliveryTarget> outcomes, List<Instant> times) {
                writes.add("update " + statuses(outcomes));
                super.updateAll(outcomes, times);
            }
        };
        store = new OutcomeStore(targets, new SendLogs(ds), new TargetHealth(ds, EngineHarness.settings(LEASE).failureStreak()),
                clock);
    }

    @AfterEach
    void tearDown() throws Exception {
        DeliveryEngineContract.close(ds);
    }

    private static List<String> statuses(List<DeliveryTarget> targets) {
        return targets.stream().map(t -> t.targetId() + "=" + t.progress().status().wireName()).toList();
    }

    /** A delivery claimed by this worker, with a fresh plan of three Discord channels, every one due. */
    private DeliveryAttempt claimedWithPlan(String deliveryId, boolean planStored) {
        rows.insertPending("github", "g1", deliveryId, "push", "{}", null, clock.millis());
        ClaimedDelivery claim = queue.claimDue(1, LEASE).get(0);
        DeliveryAttempt attempt = new DeliveryAttempt(claim, DeliveryTracing.none().continueDelivery(null));
        List<DeliveryTarget> plan = List.of(target(claim, 0, "111"), target(claim, 1, "222"), target(claim, 2, "333"));
        if (planStored) {
            targets.savePlan(claim.key(), plan);
        }
        attempt.resolved(new WebhookEvent("github", "push", EngineHarness.JSON.createObjectNode(), null, "g1"), plan,
                planStored);
        attempt.due(plan.stream().map(t -> new DueSend(attempt, t)).toList(), System.nanoTime() + Duration.ofMillis(600).toNanos());
        return attempt;
    }

    private DeliveryTarget target(ClaimedDelivery claim, int position, String channel) {
        return new DeliveryTarget(claim.key(), "g1", "r1", position, "Route", new DiscordTarget(channel, null),
                TargetProgress.fresh(clock.instant()), null, null, null, null);
    }

    private void delivered(DeliveryAttempt attempt, int position) {
        DeliveryTarget target = attempt.plan().get(position);
        SendOutcome ok = SendOutcome.success(200, "m" + position, 1);
        store.store(attempt, ok.appliedTo(target, new TargetProgress(TargetStatus.DELIVERED, 1, clock.instant())),
                List.of(SendLogEntry.attempt(attempt.claim(), attempt.event(), target, ok, clock.millis(), 5)), ok);
    }

    private Map<String, Object> row(String key, String targetId) {
        return rows.jdbc().queryForMap("SELECT * FROM delivery_targets WHERE delivery_key = ? AND target_id = ?", key, targetId);
    }

    private int targetRows(String key) {
        return rows.jdbc().queryForObject("SELECT COUNT(*) FROM delivery_targets WHERE delivery_key = ?", Integer.class, key);
    }

    @Test
    void theFirstOutcomeInsertsThePlanAndTheOthersUpdateIt() {
        DeliveryAttempt attempt = claimedWithPlan("first", false);
        String key = attempt.claim().key();
        assertThat(targetRows(key)).as("no rows before the first outcome").isZero();

        delivered(attempt, 0);

        assertThat(row(key, "111")).containsEntry("status", "delivered").containsEntry("message_id", "m0");
        assertThat(row(key, "222")).containsEntry("status", "pending");
        assertThat(row(key, "333")).containsEntry("status", "pending");

        delivered(attempt, 2);
        delivered(attempt, 1);

        assertThat(writes).containsExactly(
                "insert [111=delivered, 222=pending, 333=pending]",
                "update [333=delivered]",
                "update [222=delivered]");
        assertThat(row(key, "222")).containsEntry("status", "delivered").containsEntry("message_id", "m1");
        assertThat(rows.jdbc().queryForObject("SELECT COUNT(*) FROM send_logs WHERE delivery_id = 'first'", Integer.class))
                .isEqualTo(3);
    }

    @Test
    void outcomesThatArriveWhileAnotherIsBeingWrittenAreOneWrite() throws Exception {
        DeliveryAttempt attempt = claimedWithPlan("together", false);
        String key = attempt.claim().key();
        holdInsert = new CountDownLatch(1);
        Thread first = new Thread(() -> delivered(attempt, 0));
        first.start();
        Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> writes.size() == 1);

        // the other two answer while the first is being written: each waits for it, then one writes both
        Thread second = new Thread(() -> delivered(attempt, 1));
        Thread third = new Thread(() -> delivered(attempt, 2));
        second.start();
        third.start();
        Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> waitsForTheLock(second) && waitsForTheLock(third));
        holdInsert.countDown();
        for (Thread t : List.of(first, second, third)) {
            t.join(10_000);
        }

        assertThat(writes).containsExactly(
                "insert [111=delivered, 222=pending, 333=pending]",
                "update [222=delivered, 333=delivered]");
        assertThat(row(key, "333")).containsEntry("status", "delivered");
    }

    private static boolean waitsForTheLock(Thread t) {
        return t.getState() == Thread.State.WAITING;
    }

    @Test
    void aRetryUpdatesThePlanItRead() {
        DeliveryAttempt attempt = claimedWithPlan("retry", true);

        delivered(attempt, 0);
        delivered(attempt, 1);

        assertThat(writes).containsExactly("update [111=delivered]", "update [222=delivered]");
        assertThat(row(attempt.claim().key(), "111")).containsEntry("status", "delivered");
        assertThat(row(attempt.claim().key(), "333")).containsEntry("status", "pending");
    }

    @Test
    void aPlanAnotherWorkerStoredFirstMeansTheDeliveryIsTheirs() {
        DeliveryAttempt attempt = claimedWithPlan("taken", false);
        String key = attempt.claim().key();
        // the worker that took the delivery over (this one's lease ran out) stored its plan first
        targets.savePlan(key, attempt.plan());

        assertThatThrownBy(() -> delivered(attempt, 0)).isInstanceOf(LeaseLostException.class);

        assertThat(row(key, "111")).as("the other worker's row stands").containsEntry("status", "pending");
    }

    @Test
    void anAttemptWhoseOutcomeCannotBeStoredKeepsItsPlanForTheRetry() {
        DeliveryAttempt attempt = claimedWithPlan("kept", false);
        String key = attempt.claim().key();
        insertsFail = true;

        // tried again while three quarters of the lease are left (600 ms here), then given up
        assertThatThrownBy(() -> delivered(attempt, 0))
                .isInstanceOf(org.springframework.transaction.CannotCreateTransactionException.class);
        assertThat(targetRows(key)).isZero();

        // the group commit refuses writes for about a second after that failure: keeping the plan waits it out
        store.keepPlan(attempt);

        assertThat(row(key, "111")).containsEntry("status", "pending");
        assertThat(row(key, "333")).containsEntry("status", "pending");
        assertThat(rows.status(key)).isEqualTo("processing");
    }
}
