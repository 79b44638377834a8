package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

import dev.webhooker.testsupport.DatabaseContract;
import dev.webhooker.testsupport.TestDatabases;

/** {@link GroupCommit} on a real database: batching, isolation of a failing unit, results per caller. */
abstract class GroupCommitContract extends DatabaseContract {

    private GroupCommit commits;
    private ExecutorService callers;
    /** unit name → the transaction (connection holder) it ran in, last run wins */
    private final Map<String, Object> transactionOf = new ConcurrentHashMap<>();

    @BeforeEach
    void setUp() {
        jdbc.update("DELETE FROM kv_entries");
        commits = new GroupCommit(new DataSourceTransactionManager(dataSource), 1, 64);
        callers = Executors.newFixedThreadPool(8);
        transactionOf.clear();
        mergedCalls.clear();
    }

    @AfterEach
    void tearDown() {
        callers.shutdownNow();
    }

    private String insert(String key) {
        transactionOf.put(key, TransactionSynchronizationManager.getResource(dataSource));
        jdbc.update("INSERT INTO kv_entries (key, value) VALUES (?, ?)", key, "v-" + key);
        return "stored " + key;
    }

    private List<String> keys() {
        return jdbc.queryForList("SELECT key FROM kv_entries ORDER BY key", String.class);
    }

    /** Unit "a", running as the only batch and holding it open until {@link #release}. */
    private record HeldBatch(Future<String> a, CountDownLatch releaseLatch) {
        void release() {
            releaseLatch.countDown();
        }
    }

    /** Starts unit "a" and returns once it runs, holding the only batch slot until released. */
    private HeldBatch holdTheOnlySlot() throws InterruptedException {
        return holdTheOnlySlotOf(commits);
    }

    private HeldBatch holdTheOnlySlotOf(GroupCommit group) throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch running = new CountDownLatch(1);
        Future<String> a = callers.submit(() -> group.execute(() -> {
            running.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return insert("a");
        }));
        assertThat(running.await(10, TimeUnit.SECONDS)).as("unit a started").isTrue();
        return new HeldBatch(a, release);
    }

    @Test
    void unitsThatWaitedTogetherCommitInOneTransactionAndEachGetsItsResult() throws Exception {
        HeldBatch held = holdTheOnlySlot();
        List<Future<String>> others = new ArrayList<>();
        for (String key : List.of("b", "c", "d")) {
            others.add(callers.submit(() -> commits.execute(() -> insert(key))));
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> commits.waitingUnits() == 3);
        assertThat(keys()).as("nothing is visible before its commit").isEmpty();

        held.release();

        assertThat(held.a().get(10, TimeUnit.SECONDS)).isEqualTo("stored a");
        for (int i = 0; i < others.size(); i++) {
            assertThat(others.get(i).get(10, TimeUnit.SECONDS)).isEqualTo("stored " + List.of("b", "c", "d").get(i));
        }
        assertThat(keys()).containsExactly("a", "b", "c", "d");
        assertThat(transactionOf.get("b")).isSameAs(transactionOf.get("c")).isSameAs(transactionOf.get("d"))
                .isNotSameAs(transactionOf.get("a"));
    }

    /** A merged kind that inserts all its keys with one statement and records each call's items. */
    private final List<List<String>> mergedCalls = java.util.Collections.synchronizedList(new ArrayList<>());
    private final GroupCommit.Merged<String, String> insertAll = keys -> {
        mergedCalls.add(List.copyOf(keys));
        keys.forEach(key -> transactionOf.put(key, TransactionSynchronizationManager.getResource(dataSource)));
        jdbc.update("INSERT INTO kv_entries (key, value) VALUES "
                        + String.join(", ", java.util.Collections.nCopies(keys.size(), "(?, ?)")),
                keys.stream().flatMap(key -> java.util.stream.Stream.of(key, "v-" + key)).toArray());
        return keys.stream().map(key -> "stored " + key).toList();
    };

    @Test
    void itemsOfOneKindThatWaitedTogetherAreWrittenByOneCallAndEachGetsItsResult() throws Exception {
        HeldBatch held = holdTheOnlySlot();
        List<Future<String>> items = new ArrayList<>();
        for (String key : List.of("b", "c", "d")) {
            items.add(callers.submit(() -> commits.write(insertAll, key)));
        }
        Future<String> plain = callers.submit(() -> commits.execute(() -> insert("e")));
        await().atMost(Duration.ofSeconds(10)).until(() -> commits.waitingUnits() == 4);

        held.release();

        for (int i = 0; i < items.size(); i++) {
            assertThat(items.get(i).get(10, TimeUnit.SECONDS)).isEqualTo("stored " + List.of("b", "c", "d").get(i));
        }
        assertThat(plain.get(10, TimeUnit.SECONDS)).isEqualTo("stored e");
        assertThat(keys()).containsExactly("a", "b", "c", "d", "e");
        assertThat(mergedCalls).as("one call for the three items").singleElement().asList().containsExactlyInAnyOrder("b", "c", "d");
        assertThat(transactionOf.get("b")).isSameAs(transactionOf.get("d")).isSameAs(transactionOf.get("e"));
    }

    @Test
    void aMergedItemThatFailsFailsAloneAndTheOtherItemsCommit() throws Exception {
        jdbc.update("INSERT INTO kv_entries (key, value) VALUES ('taken', 'x')");
        HeldBatch held = holdTheOnlySlot();
        Future<String> b = callers.submit(() -> commits.write(insertAll, "b"));
        Future<String> clash = callers.submit(() -> commits.write(insertAll, "taken"));
        Future<String> c = callers.submit(() -> commits.write(insertAll, "c"));
        await().atMost(Duration.ofSeconds(10)).until(() -> commits.waitingUnits() == 3);

        held.release();

        assertThat(b.get(10, TimeUnit.SECONDS)).isEqualTo("stored b");
        assertThat(c.get(10, TimeUnit.SECONDS)).isEqualTo("stored c");
        assertThatThrownBy(() -> clash.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(org.springframework.dao.DuplicateKeyException.class);
        assertThat(keys()).containsExactly("a", "b", "c", "taken");
        assertThat(mergedCalls).as("together first, then each alone").hasSize(4);
    }

    @Test
    void aFailingUnitFailsAloneAndTheOthersOfItsBatchCommit() throws Exception {
        HeldBatch held = holdTheOnlySlot();
        Future<String> b = callers.submit(() -> commits.execute(() -> insert("b")));
        await().atMost(Duration.ofSeconds(10)).until(() -> commits.waitingUnits() == 1);
        Future<String> bad = callers.submit(() -> commits.execute(() -> {
            insert("bad");
            throw new IllegalStateException("unit failed after its insert");
        }));
        await().atMost(Duration.ofSeconds(10)).until(() -> commits.waitingUnits() == 2);
        // the same key as b: fails on the database itself, inside the shared transaction
        Future<String> clash = callers.submit(() -> commits.execute(() -> insert("b")));
        Future<String> d = callers.submit(() -> commits.execute(() -> insert("d")));
        await().atMost(Duration.ofSeconds(10)).until(() -> commits.waitingUnits() == 4);

        held.release();

        assertThat(held.a().get(10, TimeUnit.SECONDS)).isEqualTo("stored a");
        assertThat(b.get(10, TimeUnit.SECONDS)).isEqualTo("stored b");
        assertThat(d.get(10, TimeUnit.SECONDS)).isEqualTo("stored d");
        assertThatThrownBy(() -> bad.get(10, TimeUnit.SECONDS)).hasRootCauseMessage("unit failed after its insert");
        assertThatThrownBy(() -> clash.get(10, TimeUnit.SECONDS))
                .hasCauseInstanceOf(org.springframework.dao.DuplicateKeyException.class);
        assertThat(keys()).containsExactly("a", "b", "d");
    }

    @Test
    void manyConcurrentCallersAllCommitExactlyTheirOwnRows() throws Exception {
        List<Future<String>> results = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            String key = String.format("k%03d", i);
            results.add(callers.submit(() -> commits.execute(() -> insert(key))));
        }
        for (int i = 0; i < results.size(); i++) {
            assertThat(results.get(i).get(30, TimeUnit.SECONDS)).isEqualTo(String.format("stored k%03d", i));
        }
        assertThat(keys()).hasSize(200);
    }

    @Test
    void aCallInsideATransactionJoinsIt() {
        TransactionTemplate outer = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        assertThatThrownBy(() -> outer.executeWithoutResult(status -> {
            commits.execute(() -> insert("joined"));
            throw new IllegalStateException("the outer transaction rolls back");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(keys()).as("rolled back with the outer transaction, not committed on its own").isEmpty();
    }

    @Test
    void intakeAndDeliveryCommitGroupsOfThisDatabase() throws Exception {
        CommitGroups groups = CommitGroups.of(new DataSourceTransactionManager(dataSource), kind().vendor());
        if (kind() == TestDatabases.Kind.POSTGRESQL) {
            assertThat(groups.intake()).as("one shared group of parallel batches").isSameAs(groups.delivery());
            return;
        }
        HeldBatch intake = holdTheOnlySlotOf(groups.intake());
        Future<String> queued = callers.submit(() -> groups.intake().execute(() -> insert("i")));
        await().atMost(Duration.ofSeconds(10)).until(() -> groups.intake().waitingUnits() == 1);

        assertThat(callers.submit(() -> groups.delivery().execute(() -> insert("d"))).get(10, TimeUnit.SECONDS))
                .as("a delivery commit does not wait behind an intake batch").isEqualTo("stored d");
        assertThat(queued).as("intake runs one batch at a time").isNotDone();

        intake.release();
        assertThat(queued.get(10, TimeUnit.SECONDS)).isEqualTo("stored i");
        assertThat(keys()).containsExactly("a", "d", "i");
    }
}
