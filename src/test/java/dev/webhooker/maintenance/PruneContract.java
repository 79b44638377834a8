package dev.webhooker.maintenance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.store.DirectoryPayloadStore;
import dev.webhooker.store.PayloadKeys;
import dev.webhooker.testsupport.TestDatabases;

/**
 * storage-prune and audit-prune against a migrated database: exactly the due rows go, everything else
 * stays. A batch size of 2 makes every delete loop over several batches.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class PruneContract {

    private static final Instant NOW = Instant.parse("2026-06-01T12:00:00Z");
    private static final long DAY = Duration.ofDays(1).toMillis();
    private static final long HOUR = Duration.ofHours(1).toMillis();
    private static final int BATCH = 2;

    private DataSource dataSource;
    private JdbcTemplate jdbc;
    private DirectoryPayloadStore payloads;

    abstract TestDatabases.Kind kind();

    @BeforeAll
    void database() {
        dataSource = TestDatabases.create(kind());
        jdbc = new JdbcTemplate(dataSource);
    }

    @BeforeEach
    void empty() {
        for (String table : List.of("delivery_targets", "message_locks", "dedup_keys", "kv_entries", "delivery_state",
                "message_tracking", "send_logs", "audit_logs")) {
            jdbc.update("DELETE FROM " + table);
        }
        payloads = new DirectoryPayloadStore(dataDir.resolve("payloads"));
    }

    @TempDir
    Path dataDir;

    /** A parked body last written at {@code lastModified}; a key the store refuses is written beside it as a plain file. */
    private void putAt(String key, Instant lastModified) {
        Path file = payloads.root().resolve(key);
        try {
            if (PayloadKeys.isValid(key)) {
                payloads.put(key, new byte[] {'{', '}'});
            } else {
                Files.createDirectories(file.getParent());
                Files.write(file, new byte[] {'{', '}'});
            }
            Files.setLastModifiedTime(file, FileTime.from(lastModified));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every file left in the payload directory, as a key. */
    private List<String> storedKeys() {
        try (var files = Files.walk(payloads.root())) {
            return files.filter(Files::isRegularFile)
                    .map(f -> payloads.root().relativize(f).toString().replace(f.getFileSystem().getSeparator(), "/"))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private StoragePrune storagePrune(Duration dedupWindow, int sendLogDays) {
        return storagePrune(dedupWindow, sendLogDays, Duration.ofDays(7));
    }

    /** Delivered deliveries discard their payload when they end (DELIVERED_PAYLOAD_RETENTION=0). */
    private StoragePrune storagePrune(Duration dedupWindow, int sendLogDays, Duration failedPayloadRetention) {
        return storagePrune(dedupWindow, sendLogDays, failedPayloadRetention, Duration.ZERO);
    }

    private StoragePrune storagePrune(Duration dedupWindow, int sendLogDays, Duration failedPayloadRetention,
                                      Duration deliveredPayloadRetention) {
        return new StoragePrune(new PruneRepository(dataSource, kind().vendor(), BATCH), payloads,
                Clock.fixed(NOW, ZoneOffset.UTC), dedupWindow, sendLogDays, failedPayloadRetention, Duration.ofHours(1),
                deliveredPayloadRetention);
    }

    @Test
    void deliveredDeliveriesKeepTheirPayloadAndObjectForTheirRetentionThenLetGoOfBoth() {
        String keptRef = key("00000000-0000-4000-8000-000000000021");
        String expiredRef = key("00000000-0000-4000-8000-000000000022");
        putAt(keptRef, NOW.minus(Duration.ofHours(3)));
        putAt(expiredRef, NOW.minus(Duration.ofHours(30)));
        delivery("delivered-recent", "delivered", ago(3 * HOUR), keptRef);
        delivery("delivered-old", "delivered", ago(30 * HOUR), expiredRef);
        delivery("delivered-old-inline", "delivered", ago(30 * HOUR), null);
        delivery("delivered-recent-inline", "delivered", ago(3 * HOUR), null);
        jdbc.update("UPDATE delivery_state SET payload = '{}' WHERE key IN ('delivered-old-inline', 'delivered-recent-inline')");

        Map<String, Long> removed = storagePrune(Duration.ofDays(7), 30, Duration.ofDays(7), Duration.ofHours(24)).run();

        assertThat(removed).containsEntry("delivered_payloads", 2L).containsEntry("payloads", 1L);
        assertThat(StoragePrune.PARTS).as("every part has its meters").containsAll(removed.keySet());
        assertThat(jdbc.queryForList("SELECT key FROM delivery_state WHERE payload IS NOT NULL OR payload_ref IS NOT NULL",
                String.class)).containsExactlyInAnyOrder("delivered-recent", "delivered-recent-inline");
        assertThat(storedKeys()).as("the object of a delivered delivery whose payload is kept stays").containsExactly(keptRef);
        assertThat(jdbc.queryForList("SELECT key FROM delivery_state", String.class)).as("the rows stay for the delivery retention")
                .hasSize(4);
    }

    @Test
    void aDeliveredPayloadDiscardReadsTheRowsStampedSinceTheLastOneAndEveryRowOnceADay() {
        PruneRepository repository = new PruneRepository(dataSource, kind().vendor(), BATCH);
        long first = ago(DAY);
        for (String key : List.of("before-first-1", "before-first-2", "before-first-3")) {
            delivery(key, "delivered", first - HOUR, null);
        }
        jdbc.update("UPDATE delivery_state SET payload = '{}'");
        assertThat(repository.discardDeliveredPayloadsBefore(first)).as("the first run reads every row").isEqualTo(3);

        delivery("since-first", "delivered", first + HOUR, null);
        delivery("behind-the-bound", "delivered", first - 2 * HOUR, null);
        delivery("since-first-retrying", "retrying", first + HOUR, null);
        jdbc.update("UPDATE delivery_state SET payload = '{}'"
                + " WHERE key IN ('since-first', 'behind-the-bound', 'since-first-retrying')");
        assertThat(repository.discardDeliveredPayloadsBefore(first + 2 * HOUR)).isEqualTo(1);
        assertThat(withPayload()).containsExactlyInAnyOrder("behind-the-bound", "since-first-retrying");

        assertThat(repository.discardDeliveredPayloadsBefore(first + DAY - HOUR)).as("a day of cutoffs has not passed")
                .isZero();
        assertThat(repository.discardDeliveredPayloadsBefore(first + DAY))
                .as("a day after the full run, every row again").isEqualTo(1);
        assertThat(withPayload()).containsExactly("since-first-retrying");
    }

    @Test
    void aDeliveredPayloadDiscardWhoseCutoffGoesBackReadsEveryRow() {
        PruneRepository repository = new PruneRepository(dataSource, kind().vendor(), BATCH);
        repository.discardDeliveredPayloadsBefore(ago(HOUR));
        delivery("stamped-by-a-clock-set-back", "delivered", ago(3 * HOUR), null);
        jdbc.update("UPDATE delivery_state SET payload = '{}'");

        assertThat(repository.discardDeliveredPayloadsBefore(ago(2 * HOUR))).isEqualTo(1);
    }

    private List<String> withPayload() {
        return jdbc.queryForList("SELECT key FROM delivery_state WHERE payload IS NOT NULL OR payload_ref IS NOT NULL",
                String.class);
    }

    private long ago(long ms) {
        return NOW.toEpochMilli() - ms;
    }

    @Test
    void expiredDedupKeysGoInBatchesAndLiveOnesStay() {
        for (int i = 0; i < 5; i++) {
            jdbc.update("INSERT INTO dedup_keys (key, claimed_at, expires_at) VALUES (?, ?, ?)", "old-" + i, ago(8 * DAY), ago(1 + i));
        }
        jdbc.update("INSERT INTO dedup_keys (key, claimed_at, expires_at) VALUES ('at-now', 0, ?)", NOW.toEpochMilli());
        jdbc.update("INSERT INTO dedup_keys (key, claimed_at, expires_at) VALUES ('live', 0, ?)", ago(-DAY));

        Map<String, Long> removed = storagePrune(Duration.ofDays(7), 30).run();

        assertThat(removed).containsEntry("dedup_keys", 5L);
        assertThat(jdbc.queryForList("SELECT key FROM dedup_keys", String.class)).containsExactlyInAnyOrder("at-now", "live");
    }

    @Test
    void expiredKvRowsGoAndPermanentOrLiveOnesStay() {
        jdbc.update("INSERT INTO kv_entries (key, value, expires_at) VALUES ('nonce:a', '1', ?)", ago(1));
        jdbc.update("INSERT INTO kv_entries (key, value, expires_at) VALUES ('nonce:b', '1', ?)", ago(HOUR));
        jdbc.update("INSERT INTO kv_entries (key, value, expires_at) VALUES ('nonce:c', '1', ?)", ago(DAY));
        jdbc.update("INSERT INTO kv_entries (key, value, expires_at) VALUES ('tenant:g', 's', NULL)");
        jdbc.update("INSERT INTO kv_entries (key, value, expires_at) VALUES ('session:x', '{}', ?)", ago(-HOUR));

        Map<String, Long> removed = storagePrune(Duration.ofDays(7), 30).run();

        assertThat(removed).containsEntry("kv_entries", 3L);
        assertThat(jdbc.queryForList("SELECT key FROM kv_entries", String.class))
                .containsExactlyInAnyOrder("tenant:g", "session:x");
    }

    @Test
    void expiredInPlaceEditLocksGoAndHeldOnesStay() {
        jdbc.update("INSERT INTO message_locks (event_id, target_id, locked_by, locked_until) VALUES ('e1', '111', 'w', ?)", ago(1));
        jdbc.update("INSERT INTO message_locks (event_id, target_id, locked_by, locked_until) VALUES ('e2', '111', 'w', ?)", ago(DAY));
        jdbc.update("INSERT INTO message_locks (event_id, target_id, locked_by, locked_until) VALUES ('e3', '111', 'w', ?)", ago(-HOUR));

        Map<String, Long> removed = storagePrune(Duration.ofDays(7), 30).run();

        assertThat(removed).containsEntry("message_locks", 2L);
        assertThat(jdbc.queryForList("SELECT event_id FROM message_locks", String.class)).containsExactly("e3");
    }

    @Test
    void onlyFinalDeliveriesOlderThanSevenDaysGoWithTheirTargetRows() {
        delivery("old-delivered", "delivered", ago(8 * DAY), null);
        delivery("old-failed", "failed", ago(8 * DAY), null);
        delivery("old-dead", "dead", ago(30 * DAY), null);
        delivery("recent-delivered", "delivered", ago(6 * DAY), null);
        delivery("old-pending", "pending", ago(30 * DAY), null);
        delivery("old-retrying", "retrying", ago(30 * DAY), null);
        for (String key : List.of("old-delivered", "old-failed", "recent-delivered", "old-pending")) {
            for (String target : List.of("t1", "t2")) {
                jdbc.update("INSERT INTO delivery_targets (delivery_key, group_id, route_id, target_id, position, platform,"
                        + " status, attempts, next_attempt_at, updated_at) VALUES (?, 'g', 'r', ?, 0, 'discord', 'delivered', 1, 0, 0)",
                        key, target);
            }
        }

        Map<String, Long> removed = storagePrune(Duration.ofDays(7), 30).run();

        assertThat(removed).containsEntry("delivery_state", 3L);
        assertThat(jdbc.queryForList("SELECT key FROM delivery_state", String.class))
                .containsExactlyInAnyOrder("recent-delivered", "old-pending", "old-retrying");
        assertThat(jdbc.queryForList("SELECT DISTINCT delivery_key FROM delivery_targets", String.class))
                .containsExactlyInAnyOrder("recent-delivered", "old-pending");
    }

    @Test
    void deliveriesAreKeptAsLongAsALongerDedupWindow() {
        delivery("eight-days", "delivered", ago(8 * DAY), null);
        delivery("eleven-days", "delivered", ago(11 * DAY), null);

        storagePrune(Duration.ofDays(10), 30).run();

        assertThat(jdbc.queryForList("SELECT key FROM delivery_state", String.class)).containsExactly("eight-days");
    }

    @Test
    void trackingAfterThirtyDaysAndSendLogsAfterTheirRetention() {
        for (int i = 0; i < 3; i++) {
            jdbc.update("INSERT INTO message_tracking (event_id, target_id, message_id, updated_at) VALUES (?, 't', 'm', ?)",
                    "old-" + i, ago(31 * DAY));
        }
        jdbc.update("INSERT INTO message_tracking (event_id, target_id, message_id, updated_at) VALUES ('new', 't', 'm', ?)",
                ago(29 * DAY));
        sendLog("old-a", ago(11 * DAY));
        sendLog("old-b", ago(10 * DAY + 1));
        sendLog("new", ago(9 * DAY));

        Map<String, Long> removed = storagePrune(Duration.ofDays(7), 10).run();

        assertThat(removed).containsEntry("message_tracking", 3L).containsEntry("send_logs", 2L);
        assertThat(jdbc.queryForList("SELECT event_id FROM message_tracking", String.class)).containsExactly("new");
        assertThat(jdbc.queryForList("SELECT route_id FROM send_logs", String.class)).containsExactly("new");
    }

    @Test
    void parkedPayloadsGoWhenTheirDeliveryIsFinalOrGoneAndOldEnough() {
        String orphan = key("00000000-0000-4000-8000-000000000001");
        String pending = key("00000000-0000-4000-8000-000000000002");
        String delivered = key("00000000-0000-4000-8000-000000000003");
        String young = key("00000000-0000-4000-8000-000000000004");
        String prunedRow = key("00000000-0000-4000-8000-000000000005");
        String foreign = "webhooks/2026/05/01/not-ours.json";
        for (String k : List.of(orphan, pending, delivered, prunedRow, foreign)) {
            putAt(k, NOW.minus(Duration.ofHours(2)));
        }
        putAt(young, NOW.minus(Duration.ofMinutes(10)));
        delivery("p-pending", "retrying", ago(2 * HOUR), pending);
        delivery("p-delivered", "delivered", ago(2 * HOUR), delivered);
        delivery("p-pruned", "dead", ago(9 * DAY), prunedRow);

        Map<String, Long> removed = storagePrune(Duration.ofDays(7), 30).run();

        assertThat(removed).containsEntry("payloads", 3L);
        assertThat(storedKeys()).containsExactlyInAnyOrder(pending, young, foreign);
    }

    @Test
    void failedAndDeadDeliveriesKeepTheirPayloadForItsRetentionThenLetGoOfItAndItsObject() {
        String keptRef = key("00000000-0000-4000-8000-000000000011");
        String expiredRef = key("00000000-0000-4000-8000-000000000012");
        putAt(keptRef, NOW.minus(Duration.ofDays(2)));
        putAt(expiredRef, NOW.minus(Duration.ofDays(4)));
        delivery("failed-recent", "failed", ago(2 * DAY), keptRef);
        delivery("dead-old", "dead", ago(4 * DAY), expiredRef);
        delivery("failed-old-inline", "failed", ago(4 * DAY), null);
        jdbc.update("UPDATE delivery_state SET payload = '{}' WHERE key IN ('failed-recent', 'failed-old-inline')");
        delivery("retrying-old", "retrying", ago(4 * DAY), null);
        jdbc.update("UPDATE delivery_state SET payload = '{}' WHERE key = 'retrying-old'");

        Map<String, Long> removed = storagePrune(Duration.ofDays(1), 30, Duration.ofDays(3)).run();

        assertThat(removed).containsEntry("failed_payloads", 2L).containsEntry("payloads", 1L);
        assertThat(jdbc.queryForList("SELECT key FROM delivery_state WHERE payload IS NOT NULL OR payload_ref IS NOT NULL",
                String.class)).containsExactlyInAnyOrder("failed-recent", "retrying-old");
        assertThat(storedKeys()).containsExactly(keptRef);
        assertThat(jdbc.queryForList("SELECT key FROM delivery_state", String.class)).as("the rows stay for the delivery retention")
                .hasSize(4);
    }

    @Test
    void failedRowsStayAsLongAsALongerPayloadRetentionDeliveredOnesDoNot() {
        delivery("delivered-9d", "delivered", ago(9 * DAY), null);
        delivery("failed-9d", "failed", ago(9 * DAY), null);
        delivery("dead-15d", "dead", ago(15 * DAY), null);

        Map<String, Long> removed = storagePrune(Duration.ofDays(7), 30, Duration.ofDays(14)).run();

        assertThat(removed).containsEntry("delivery_state", 2L);
        assertThat(jdbc.queryForList("SELECT key FROM delivery_state", String.class)).containsExactly("failed-9d");
    }

    @Test
    void auditRowsOlderThanTheRetentionGo() {
        for (int i = 0; i < 3; i++) {
            audit(ago(91 * DAY + i));
        }
        audit(ago(89 * DAY));
        audit(ago(DAY / 2));

        long removed = new AuditPrune(new PruneRepository(dataSource, kind().vendor(), BATCH), Clock.fixed(NOW, ZoneOffset.UTC),
                "90").run();

        assertThat(removed).isEqualTo(3);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM audit_logs", Integer.class)).isEqualTo(2);
    }

    @Test
    void auditRetentionBelowOneDayCountsAsOneDay() {
        audit(ago(DAY + HOUR));
        audit(ago(DAY - HOUR));

        long removed = new AuditPrune(new PruneRepository(dataSource, kind().vendor(), BATCH), Clock.fixed(NOW, ZoneOffset.UTC),
                "0.25").run();

        assertThat(removed).isEqualTo(1);
        assertThat(jdbc.queryForList("SELECT ts FROM audit_logs", Long.class)).containsExactly(ago(DAY - HOUR));
    }

    @Test
    void nothingDueRemovesNothing() {
        delivery("fresh", "delivered", ago(HOUR), null);
        audit(ago(HOUR));
        sendLog("fresh", ago(HOUR));

        Map<String, Long> removed = storagePrune(Duration.ofDays(7), 30).run();

        assertThat(removed.values()).containsOnly(0L);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM delivery_state", Integer.class)).isEqualTo(1);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM send_logs", Integer.class)).isEqualTo(1);
    }

    private static String key(String uuid) {
        return "webhooks/2026/06/01/" + uuid + ".json";
    }

    private void delivery(String key, String status, long updatedAt, String payloadRef) {
        jdbc.update("INSERT INTO delivery_state (key, status, updated_at, payload_ref) VALUES (?, ?, ?, ?)",
                key, status, updatedAt, payloadRef);
    }

    private void sendLog(String routeId, long ts) {
        jdbc.update("INSERT INTO send_logs (ts, route_id, event, target, ok) VALUES (?, ?, 'push', 't', 1)", ts, routeId);
    }

    private void audit(long ts) {
        jdbc.update("INSERT INTO audit_logs (ts, action) VALUES (?, 'group.update')", ts);
    }
}
