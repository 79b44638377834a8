package dev.webhooker.ingress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

import dev.webhooker.queue.DeliveryQueue;
import dev.webhooker.queue.DeliveryReplays;
import dev.webhooker.queue.DueWorkNotice;
import dev.webhooker.store.CommitGroups;
import dev.webhooker.store.GroupCommit;
import dev.webhooker.store.SqlKvStore;
import dev.webhooker.testsupport.DatabaseContract;
import dev.webhooker.testsupport.DeliveryRows;
import dev.webhooker.testsupport.TestClock;

/** The accepting transaction, run against the embedded H2 and against PostgreSQL. */
abstract class DeliveryIntakeContract extends DatabaseContract {

    private static final Instant T0 = Instant.parse("2026-11-29T12:00:00Z");
    private static final Duration WINDOW = Duration.ofDays(7);

    protected abstract String unreachableJdbcUrl();

    private TestClock clock;
    private SqlKvStore kv;
    private NonceLedger nonces;
    private AtomicInteger wakeUps;
    private DeliveryIntake intake;

    @BeforeEach
    void setUp() {
        jdbc.update("DELETE FROM delivery_targets");
        jdbc.update("DELETE FROM dedup_keys");
        jdbc.update("DELETE FROM delivery_state");
        jdbc.update("DELETE FROM kv_entries");
        clock = new TestClock(T0);
        kv = new SqlKvStore(dataSource, kind().vendor(), clock);
        nonces = new KvNonceLedger(kv);
        wakeUps = new AtomicInteger();
        intake = intakeOn(dataSource);
    }

    private DeliveryIntake intakeOn(DataSource ds) {
        return intakeOn(new JdbcTemplate(ds));
    }

    /** The intake, its queue and its replays, all running their statements on {@code jdbc}. */
    private DeliveryIntake intakeOn(JdbcTemplate jdbc) {
        DataSource ds = jdbc.getDataSource();
        GroupCommit commits = groupCommitOn(ds);
        DueWorkNotice notice = DueWorkNotice.on(ds, kind().vendor());
        return new DeliveryIntake(jdbc, commits, kind().vendor(), nonces, WINDOW, clock, wakeUps::incrementAndGet,
                new DeliveryQueue(jdbc, commits, clock, "intake-test", notice), new DeliveryReplays(jdbc, clock, notice));
    }

    /** The intake's group commit as the application configures it for this database. */
    private GroupCommit groupCommitOn(DataSource ds) {
        return CommitGroups.of(new DataSourceTransactionManager(ds), kind().vendor()).intake();
    }

    private static PendingDelivery pending(String deliveryId, String groupId, String nonce, Instant at) {
        ObjectNode payload = new ObjectMapper().createObjectNode().put("action", "opened");
        IncomingDelivery d = new IncomingDelivery(Provider.GITHUB, "issues", payload, 42L, groupId, deliveryId, 17, nonce);
        return new PendingDelivery(d, payload.toString(), null, at);
    }

    private int rows(String table) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM " + table, Integer.class);
    }

    @Test
    void anAcceptedDeliveryIsOnePendingRowWithEveryContractColumn() {
        assertThat(intake.accept(pending("d-1", "team-a", null, T0))).isEqualTo(DeliveryIntake.Outcome.ACCEPTED);
        Map<String, Object> row = DeliveryRows.withTextColumns(jdbc.queryForMap("SELECT * FROM delivery_state"));
        assertThat(row).containsEntry("key", "github:team-a:d-1").containsEntry("status", "pending")
                .containsEntry("delivery_id", "d-1").containsEntry("provider", "github").containsEntry("event", "issues")
                .containsEntry("group_id", "team-a").containsEntry("payload", "{\"action\":\"opened\"}")
                .containsEntry("attempts", 0);
        assertThat(((Number) row.get("installation_id")).longValue()).isEqualTo(42L);
        assertThat(((Number) row.get("received_at")).longValue()).isEqualTo(T0.toEpochMilli());
        assertThat(((Number) row.get("next_attempt_at")).longValue()).isEqualTo(T0.toEpochMilli());
        assertThat(row.get("payload_ref")).isNull();
        Map<String, Object> claim = jdbc.queryForMap("SELECT * FROM dedup_keys");
        assertThat(((Number) claim.get("expires_at")).longValue()).isEqualTo(T0.plus(WINDOW).toEpochMilli());
        assertThat(wakeUps).hasValue(1);
        assertThat(intake.isClaimed("github:team-a:d-1")).isTrue();
    }

    @Test
    void aParkedPayloadKeepsOnlyItsReference() {
        IncomingDelivery d = pending("d-2", null, null, T0).delivery();
        intake.accept(new PendingDelivery(d, null, "webhooks/2026/11/29/00000000-0000-0000-0000-000000000000.json", T0));
        Map<String, Object> row = jdbc.queryForMap("SELECT payload, payload_ref, group_id FROM delivery_state");
        assertThat(row.get("payload")).isNull();
        assertThat(row.get("group_id")).isNull();
        assertThat(row.get("payload_ref")).isEqualTo("webhooks/2026/11/29/00000000-0000-0000-0000-000000000000.json");
    }

    @Test
    void aDeliveryNoRouteSelectedIsStoredDeliveredWithNothingDueAndWakesNoWorker() {
        IncomingDelivery d = pending("d-3", "team-a", null, T0).delivery();
        assertThat(intake.accept(new PendingDelivery(d, null, null, T0, false))).isEqualTo(DeliveryIntake.Outcome.ACCEPTED);
        Map<String, Object> row = DeliveryRows.withTextColumns(jdbc.queryForMap("SELECT * FROM delivery_state"));
        assertThat(row).containsEntry("key", "github:team-a:d-3").containsEntry("status", "delivered")
                .containsEntry("attempts", 0).containsEntry("event", "issues");
        assertThat(row.get("next_attempt_at")).isNull();
        assertThat(row.get("payload")).isNull();
        assertThat(wakeUps).hasValue(0);
        // claimed like any accepted delivery: a copy is a duplicate
        assertThat(intake.accept(new PendingDelivery(d, null, null, T0, false))).isEqualTo(DeliveryIntake.Outcome.DUPLICATE);
        assertThat(intake.isClaimed("github:team-a:d-3")).isTrue();
    }

    @Test
    void aRepeatInsideTheWindowIsADuplicateEvenMuchLater() {
        intake.accept(pending("d-1", null, null, T0));
        clock.advance(Duration.ofMillis(1));
        assertThat(intake.accept(pending("d-1", null, null, clock.instant()))).isEqualTo(DeliveryIntake.Outcome.DUPLICATE);
        clock.advance(WINDOW.minusSeconds(1));
        assertThat(intake.accept(pending("d-1", null, null, clock.instant()))).isEqualTo(DeliveryIntake.Outcome.DUPLICATE);
        assertThat(rows("delivery_state")).isEqualTo(1);
        assertThat(wakeUps).hasValue(1);
    }

    @Test
    void theSameIdInAnotherScopeIsANewDelivery() {
        intake.accept(pending("d-1", null, null, T0));
        assertThat(intake.accept(pending("d-1", "team-a", null, T0))).isEqualTo(DeliveryIntake.Outcome.ACCEPTED);
        assertThat(rows("delivery_state")).isEqualTo(2);
    }

    @Test
    void anExpiredKeyIsClaimedAgainAndReplacesTheOldFinishedDelivery() {
        intake.accept(pending("d-1", null, null, T0));
        jdbc.update("UPDATE delivery_state SET status = 'delivered'");
        jdbc.update("INSERT INTO delivery_targets (delivery_key, group_id, route_id, target_id, position, platform, status, attempts, next_attempt_at, updated_at)"
                + " VALUES ('github:global:d-1', 'g', 'r', '111', 0, 'discord', 'delivered', 1, 0, 0)");
        clock.advance(WINDOW);
        assertThat(intake.isClaimed("github:global:d-1")).isFalse();
        assertThat(intake.accept(pending("d-1", null, null, clock.instant()))).isEqualTo(DeliveryIntake.Outcome.ACCEPTED);
        assertThat(rows("delivery_state")).isEqualTo(1);
        assertThat(rows("delivery_targets")).isZero();
        assertThat(jdbc.queryForObject("SELECT status FROM delivery_state", String.class)).isEqualTo("pending");
        assertThat(rows("dedup_keys")).isEqualTo(1);
        assertThat(jdbc.queryForObject("SELECT received_at FROM delivery_state", Long.class)).isEqualTo(clock.millis());
        assertThat(jdbc.queryForObject("SELECT expires_at FROM dedup_keys", Long.class)).isEqualTo(clock.instant().plus(WINDOW).toEpochMilli());
    }

    @Test
    void anExpiredKeyWhoseEarlierDeliveryIsStillInFlightStaysADuplicate() {
        intake.accept(pending("d-1", null, null, T0));
        jdbc.update("UPDATE delivery_state SET status = 'retrying'");
        clock.advance(WINDOW);

        assertThat(intake.accept(pending("d-1", null, null, clock.instant()))).isEqualTo(DeliveryIntake.Outcome.DUPLICATE);
        assertThat(rows("delivery_state")).isEqualTo(1);
        assertThat(jdbc.queryForObject("SELECT status FROM delivery_state", String.class)).isEqualTo("retrying");
        assertThat(jdbc.queryForObject("SELECT received_at FROM delivery_state", Long.class)).isEqualTo(T0.toEpochMilli());
        assertThat(jdbc.queryForObject("SELECT expires_at FROM dedup_keys", Long.class))
                .as("the claim taken over for the duplicate is rolled back").isEqualTo(T0.plus(WINDOW).toEpochMilli());
    }

    private void target(String id, String status) {
        jdbc.update("INSERT INTO delivery_targets (delivery_key, group_id, route_id, target_id, position, platform, status, attempts,"
                + " next_attempt_at, last_error, updated_at) VALUES ('github:global:d-1', 'g', 'r', ?, 0, 'discord', ?, 3, 0, 'HTTP 502', 0)",
                id, status);
    }

    @Test
    void aRedeliveryOfADeliveryThatEndedUndeliveredReopensItsFailedAndDeadTargetsOnly() {
        intake.accept(pending("d-1", null, null, T0));
        jdbc.update("UPDATE delivery_state SET status = 'dead', attempts = 7, payload = NULL, last_error = 'DISCORD_5XX: HTTP 502'");
        target("dead-one", "dead");
        target("sent-one", "delivered");
        target("failed-one", "failed");
        clock.advance(Duration.ofHours(3));

        assertThat(intake.accept(pending("d-1", null, null, clock.instant()))).isEqualTo(DeliveryIntake.Outcome.REOPENED);

        Map<String, Object> row = DeliveryRows.withTextColumns(jdbc.queryForMap("SELECT * FROM delivery_state"));
        assertThat(row).containsEntry("status", "pending").containsEntry("attempts", 1)
                .containsEntry("payload", "{\"action\":\"opened\"}");
        assertThat(row.get("last_error")).isNull();
        assertThat(((Number) row.get("next_attempt_at")).longValue()).isEqualTo(clock.millis());
        assertThat(jdbc.queryForList("SELECT target_id || '=' || status || '/' || attempts FROM delivery_targets ORDER BY target_id",
                String.class)).containsExactly("dead-one=pending/0", "failed-one=pending/0", "sent-one=delivered/3");
        assertThat(wakeUps).as("the reopened delivery wakes a worker").hasValue(2);

        assertThat(intake.accept(pending("d-1", null, null, clock.instant()))).as("now in flight again")
                .isEqualTo(DeliveryIntake.Outcome.DUPLICATE);
        jdbc.update("UPDATE delivery_state SET status = 'delivered'");
        jdbc.update("UPDATE delivery_targets SET status = 'delivered'");
        assertThat(intake.accept(pending("d-1", null, null, clock.instant()))).as("delivered: a plain duplicate")
                .isEqualTo(DeliveryIntake.Outcome.DUPLICATE);
        assertThat(rows("delivery_state")).isEqualTo(1);
    }

    @Test
    void aRedeliveryCaughtByItsBodyClaimStillReopensButTheSameBodyUnderAnotherIdDoesNot() {
        ObjectNode payload = new ObjectMapper().createObjectNode().put("action", "opened");
        IncomingDelivery first = new IncomingDelivery(Provider.GITHUB, "issues", payload, 42L, null, "d-1", 17, null, null, "body:abc");
        intake.accept(new PendingDelivery(first, payload.toString(), null, T0));
        jdbc.update("UPDATE delivery_state SET status = 'failed'");
        target("failed-one", "failed");

        IncomingDelivery otherId = new IncomingDelivery(Provider.GITHUB, "issues", payload, 42L, null, "d-2", 17, null, null, "body:abc");
        assertThat(intake.accept(new PendingDelivery(otherId, payload.toString(), null, T0))).isEqualTo(DeliveryIntake.Outcome.DUPLICATE);
        assertThat(jdbc.queryForObject("SELECT status FROM delivery_state", String.class)).isEqualTo("failed");

        assertThat(intake.accept(new PendingDelivery(first, payload.toString(), null, T0))).isEqualTo(DeliveryIntake.Outcome.REOPENED);
        assertThat(jdbc.queryForObject("SELECT status FROM delivery_targets", String.class)).isEqualTo("pending");
    }

    @Test
    void tenConcurrentRedeliveriesReopenOnce() throws Exception {
        intake.accept(pending("d-1", null, null, T0));
        jdbc.update("UPDATE delivery_state SET status = 'failed'");
        target("failed-one", "failed");
        ExecutorService pool = Executors.newFixedThreadPool(10);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<DeliveryIntake.Outcome>> results = new ArrayList<>();
        try {
            for (int i = 0; i < 10; i++) {
                results.add(pool.submit(() -> {
                    start.await();
                    return intake.accept(pending("d-1", null, null, T0));
                }));
            }
            start.countDown();
            List<DeliveryIntake.Outcome> outcomes = new ArrayList<>();
            for (Future<DeliveryIntake.Outcome> result : results) {
                outcomes.add(result.get());
            }
            assertThat(outcomes).filteredOn(o -> o == DeliveryIntake.Outcome.REOPENED).hasSize(1);
            assertThat(outcomes).filteredOn(o -> o == DeliveryIntake.Outcome.DUPLICATE).hasSize(9);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void fiftyConcurrentCopiesGiveExactlyOneAcceptedRow() throws Exception {
        int copies = 50;
        ExecutorService pool = Executors.newFixedThreadPool(copies);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<DeliveryIntake.Outcome>> results = new ArrayList<>();
        try {
            for (int i = 0; i < copies; i++) {
                results.add(pool.submit(() -> {
                    start.await();
                    return intake.accept(pending("same", "team-a", null, T0));
                }));
            }
            start.countDown();
            int accepted = 0;
            int duplicates = 0;
            for (Future<DeliveryIntake.Outcome> result : results) {
                if (result.get() == DeliveryIntake.Outcome.ACCEPTED) {
                    accepted++;
                } else {
                    duplicates++;
                }
            }
            assertThat(accepted).isEqualTo(1);
            assertThat(duplicates).isEqualTo(copies - 1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(rows("delivery_state")).isEqualTo(1);
        assertThat(wakeUps).hasValue(1);
    }

    @Test
    void aNonceIsSingleUseAndConsumedOnlyWithAnAcceptedDelivery() {
        assertThat(intake.accept(pending("d-1", "team-a", "n-1", T0))).isEqualTo(DeliveryIntake.Outcome.ACCEPTED);
        assertThatThrownBy(() -> intake.accept(pending("d-2", "team-a", "n-1", T0)))
                .isInstanceOfSatisfying(WebhookRejectedException.class,
                        e -> assertThat(e.rejection()).isEqualTo(Rejection.INVALID_SIGNATURE));
        assertThat(intake.accept(pending("d-3", "team-b", "n-1", T0))).isEqualTo(DeliveryIntake.Outcome.ACCEPTED);
        assertThat(rows("delivery_state")).isEqualTo(2);
    }

    @Test
    void anUnreachableDatabaseLeavesNoStateAndGivesTheNonceBack() {
        HikariDataSource down = new HikariDataSource();
        down.setJdbcUrl(unreachableJdbcUrl());
        down.setUsername("sa");
        down.setConnectionTimeout(500);
        down.setInitializationFailTimeout(-1);
        try {
            DeliveryIntake broken = intakeOn(down);
            assertThatThrownBy(() -> broken.accept(pending("d-1", "team-a", "n-9", T0)))
                    .isInstanceOf(StorageUnavailableException.class);
        } finally {
            down.close();
        }
        assertThat(kv.scan("nonce:")).as("the nonce is released").isEmpty();
        assertThat(wakeUps).hasValue(0);
        assertThat(intake.accept(pending("d-1", "team-a", "n-9", T0))).isEqualTo(DeliveryIntake.Outcome.ACCEPTED);
    }

    @Test
    void aFailureAfterTheClaimRollsTheClaimBack() {
        // the real database and transaction; only the delivery insert is made to fail, after the claim ran
        JdbcTemplate failingInsert = new JdbcTemplate(dataSource) {
            @Override
            public int update(String sql, Object... args) {
                if (sql.contains("INSERT INTO delivery_state")) {
                    throw new DataAccessResourceFailureException("connection lost");
                }
                return super.update(sql, args);
            }
        };
        DeliveryIntake failing = intakeOn(failingInsert);
        assertThatThrownBy(() -> failing.accept(pending("d-5", null, "n-5", T0))).isInstanceOf(StorageUnavailableException.class);
        assertThat(rows("dedup_keys")).isZero();
        assertThat(rows("delivery_state")).isZero();
        assertThat(kv.scan("nonce:")).as("the nonce is released").isEmpty();
        assertThat(wakeUps).hasValue(0);
        assertThat(intake.accept(pending("d-5", null, "n-5", T0))).isEqualTo(DeliveryIntake.Outcome.ACCEPTED);
    }
}
