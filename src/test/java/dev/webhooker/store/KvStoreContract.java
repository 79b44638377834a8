package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link KvStore} must do, run against each implementation on a real server. Keys are unique
 * per test (a random namespace), so runs never see each other's entries on a shared server.
 */
abstract class KvStoreContract {

    /** Long enough to outlive the steps before the check on a loaded machine, short enough to wait out. */
    private static final Duration SHORT = Duration.ofMillis(1500);
    private static final Duration LONG = Duration.ofMinutes(10);

    protected abstract KvStore store();

    private String ns;

    @BeforeEach
    void namespace() {
        ns = "test:" + UUID.randomUUID() + ":";
    }

    private String key(String name) {
        return ns + name;
    }

    @Test
    void getOfAMissingKeyIsEmpty() {
        assertThat(store().get(key("missing"))).isEmpty();
    }

    @Test
    void putThenGetAndOverwrite() {
        store().put(key("a"), "one", LONG);
        assertThat(store().get(key("a"))).contains("one");

        store().put(key("a"), "two", LONG);
        assertThat(store().get(key("a"))).contains("two");
    }

    @Test
    void keepsValuesVerbatim() {
        String value = "{\"emoji\":\"\u2705\",\"text\":\"line1\\nline2\",\"pct\":\"100%_\"}";
        store().put(key("json"), value, LONG);
        assertThat(store().get(key("json"))).contains(value);
    }

    @Test
    void entriesExpireAfterTheirTtl() {
        store().put(key("short"), "v", SHORT);
        store().put(key("long"), "v", LONG);
        assertThat(store().get(key("short"))).contains("v");

        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                .until(() -> store().get(key("short")).isEmpty());
        assertThat(store().get(key("long"))).contains("v");
    }

    @Test
    void permanentEntriesStay() {
        store().put(key("forever"), "v", null);
        store().put(key("short"), "v", SHORT);
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                .until(() -> store().get(key("short")).isEmpty());
        assertThat(store().get(key("forever"))).contains("v");
    }

    @Test
    void overwritingWithoutTtlMakesTheEntryPermanent() {
        store().put(key("k"), "short-lived", SHORT);
        store().put(key("k"), "permanent", null);
        store().put(key("probe"), "v", SHORT);
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                .until(() -> store().get(key("probe")).isEmpty());
        assertThat(store().get(key("k"))).contains("permanent");
    }

    @Test
    void ttlBelowOneMillisecondIsRefused() {
        assertThatThrownBy(() -> store().put(key("x"), "v", Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> store().put(key("x"), "v", Duration.ofNanos(999_999))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> store().putIfAbsent(key("x"), "v", Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class);
        assertThat(store().get(key("x"))).isEmpty();
    }

    @Test
    void putIfAbsentStoresOnlyTheFirst() {
        assertThat(store().putIfAbsent(key("claim"), "first", LONG)).isTrue();
        assertThat(store().putIfAbsent(key("claim"), "second", LONG)).isFalse();
        assertThat(store().get(key("claim"))).contains("first");
    }

    @Test
    void putIfAbsentNeverTakesOverAPermanentEntry() {
        store().put(key("p"), "kept", null);
        assertThat(store().putIfAbsent(key("p"), "new", LONG)).isFalse();
        assertThat(store().get(key("p"))).contains("kept");
    }

    @Test
    void putIfAbsentTakesOverAnExpiredEntry() {
        assertThat(store().putIfAbsent(key("claim"), "old", SHORT)).isTrue();
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                .until(() -> store().get(key("claim")).isEmpty());

        assertThat(store().putIfAbsent(key("claim"), "new", LONG)).isTrue();
        assertThat(store().get(key("claim"))).contains("new");
        assertThat(store().putIfAbsent(key("claim"), "newer", LONG)).isFalse();
    }

    @Test
    void putIfAbsentUnderConcurrencyHasExactlyOneWinner() throws Exception {
        assertThat(race(key("race"), 50)).isEqualTo(1);
    }

    @Test
    void concurrentTakeOversOfAnExpiredEntryHaveExactlyOneWinner() throws Exception {
        store().put(key("expired"), "old", SHORT);
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                .until(() -> store().get(key("expired")).isEmpty());

        assertThat(race(key("expired"), 50)).isEqualTo(1);
    }

    /** Starts {@code threads} claims of one key at once; returns how many won. */
    private long race(String key, int threads) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Boolean>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                String value = "v" + i;
                Callable<Boolean> claim = () -> {
                    start.await();
                    return store().putIfAbsent(key, value, LONG);
                };
                results.add(pool.submit(claim));
            }
            start.countDown();
            long winners = 0;
            String winner = null;
            for (int i = 0; i < results.size(); i++) {
                if (results.get(i).get()) {
                    winners++;
                    winner = "v" + i;
                }
            }
            if (winner != null) {
                assertThat(store().get(key)).contains(winner);
            }
            return winners;
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void takeReturnsTheValueOnceAndRemovesIt() {
        store().put(key("t"), "once", LONG);
        assertThat(store().take(key("t"))).contains("once");
        assertThat(store().take(key("t"))).isEmpty();
        assertThat(store().get(key("t"))).isEmpty();
    }

    @Test
    void takeIgnoresAnExpiredEntry() {
        store().put(key("gone"), "old", SHORT);
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                .until(() -> store().get(key("gone")).isEmpty());
        assertThat(store().take(key("gone"))).isEmpty();
    }

    @Test
    void concurrentTakesHaveExactlyOneWinner() throws Exception {
        store().put(key("single"), "state", LONG);
        ExecutorService pool = Executors.newFixedThreadPool(20);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Optional<String>>> results = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                results.add(pool.submit(() -> {
                    start.await();
                    return store().take(key("single"));
                }));
            }
            start.countDown();
            long winners = 0;
            for (Future<Optional<String>> result : results) {
                if (result.get().isPresent()) {
                    winners++;
                }
            }
            assertThat(winners).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void deleteRemovesAndToleratesMissingKeys() {
        store().put(key("d"), "v", LONG);
        store().delete(key("d"));
        assertThat(store().get(key("d"))).isEmpty();
        store().delete(key("never-there"));
        assertThat(store().putIfAbsent(key("d"), "again", LONG)).isTrue();
    }

    @Test
    void scanFindsLiveKeysUnderThePrefixOnly() {
        store().put(key("inv:a"), "1", LONG);
        store().put(key("inv:b"), "2", null);
        store().put(key("inv:gone"), "3", SHORT);
        store().put(key("invx"), "4", LONG);
        store().put(key("other:a"), "5", LONG);
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                .until(() -> store().get(key("inv:gone")).isEmpty());

        assertThat(store().scan(key("inv:"))).containsExactlyInAnyOrder(key("inv:a"), key("inv:b"));
        assertThat(store().scan(key(""))).containsExactlyInAnyOrder(
                key("inv:a"), key("inv:b"), key("invx"), key("other:a"));
        assertThat(store().scan(key("nothing:"))).isEmpty();
    }

    @Test
    void scanTreatsWildcardCharactersInThePrefixLiterally() {
        store().put(key("100%_off:a"), "1", LONG);
        store().put(key("100xyoff:b"), "2", LONG);
        store().put(key("a*b"), "3", LONG);
        store().put(key("axb"), "4", LONG);
        store().put(key("q?[x]\\!"), "5", LONG);
        store().put(key("q?[x]\\!tail"), "6", LONG);
        store().put(key("qz[x]\\!"), "7", LONG);

        assertThat(store().scan(key("100%_"))).containsExactly(key("100%_off:a"));
        assertThat(store().scan(key("a*"))).containsExactly(key("a*b"));
        assertThat(store().scan(key("q?[x]\\!"))).containsExactlyInAnyOrder(key("q?[x]\\!"), key("q?[x]\\!tail"));
    }

    @Test
    void catalogueKeysRoundTrip() {
        String group = ns + "g";
        store().put(KvKeys.TENANT.key(group), "secret", KvKeys.TENANT.ttl());
        store().put(KvKeys.INVITE_GROUP.key(group), "[]", KvKeys.INVITE_GROUP.ttl());
        try {
            assertThat(store().get(KvKeys.TENANT.key(group))).contains("secret");
            assertThat(store().scan(KvKeys.INVITE_GROUP.prefix() + group)).containsExactly(KvKeys.INVITE_GROUP.key(group));
        } finally {
            store().delete(KvKeys.TENANT.key(group));
            store().delete(KvKeys.INVITE_GROUP.key(group));
        }
    }
}
