package dev.webhooker.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.webhooker.store.PayloadStore.StoredPayload;

/** What every {@link PayloadStore} must do, run against each implementation on real storage. */
abstract class PayloadStoreContract {

    protected abstract PayloadStore store();

    /** A day far from today's, so listings of it only see this test's objects. */
    private static Instant randomDay() {
        return Instant.parse("2001-01-01T00:00:00Z").plusSeconds(86_400L * new Random().nextInt(3650));
    }

    private static String dayPrefix(String key) {
        return key.substring(0, key.lastIndexOf('/') + 1);
    }

    @Test
    void putThenGetReturnsTheSameBytes() {
        String key = PayloadKeys.newKey(randomDay());
        byte[] body = new byte[200_000];
        new Random(7).nextBytes(body);

        store().put(key, body);

        assertThat(store().get(key)).hasValueSatisfying(read -> assertThat(read).isEqualTo(body));
    }

    @Test
    void emptyBodyRoundTrips() {
        String key = PayloadKeys.newKey(randomDay());
        store().put(key, new byte[0]);
        assertThat(store().get(key)).hasValueSatisfying(read -> assertThat(read).isEmpty());
    }

    @Test
    void putOverwrites() {
        String key = PayloadKeys.newKey(randomDay());
        store().put(key, "{\"v\":1}".getBytes(StandardCharsets.UTF_8));
        store().put(key, "{\"v\":2}".getBytes(StandardCharsets.UTF_8));
        assertThat(store().get(key)).hasValueSatisfying(read ->
                assertThat(new String(read, StandardCharsets.UTF_8)).isEqualTo("{\"v\":2}"));
    }

    @Test
    void getOfAMissingKeyIsEmpty() {
        assertThat(store().get(PayloadKeys.newKey(randomDay()))).isEmpty();
    }

    @Test
    void deleteRemovesAndToleratesMissingKeys() {
        String key = PayloadKeys.newKey(randomDay());
        store().put(key, "{}".getBytes(StandardCharsets.UTF_8));

        store().delete(key);

        assertThat(store().get(key)).isEmpty();
        store().delete(key);
        store().delete(PayloadKeys.newKey(randomDay()));
    }

    @Test
    void listFindsTheKeysUnderThePrefix() {
        Instant day = randomDay();
        String a = PayloadKeys.newKey(day);
        String b = PayloadKeys.newKey(day);
        String otherDay = PayloadKeys.newKey(day.plusSeconds(86_400));
        Instant before = Instant.now().minusSeconds(60);
        store().put(a, "{\"a\":1}".getBytes(StandardCharsets.UTF_8));
        store().put(b, "{\"b\":1}".getBytes(StandardCharsets.UTF_8));
        store().put(otherDay, "{}".getBytes(StandardCharsets.UTF_8));

        assertThat(store().list(dayPrefix(a))).extracting(StoredPayload::key).containsExactlyInAnyOrder(a, b);
        assertThat(store().list(dayPrefix(a))).allSatisfy(p -> assertThat(p.lastModified()).isAfter(before));
        // a month prefix spans both days
        String month = a.substring(0, "webhooks/YYYY/MM/".length());
        assertThat(store().list(month)).extracting(StoredPayload::key).contains(a, b);

        store().delete(a);
        assertThat(store().list(dayPrefix(a))).extracting(StoredPayload::key).containsExactly(b);
        assertThat(store().list(dayPrefix(a) + "zzz")).isEmpty();
    }

    @Test
    void refusesKeysOutsideTheLayout() {
        for (String bad : new String[] {"../../etc/passwd", "webhooks/../../x.json", "/abs.json",
                "webhooks/2026/01/01/not-a-uuid.json", "", "other/2026/01/01/0b8f4c2e-3b7a-4e8e-9a59-2d4a52f6b7c1.json"}) {
            assertThatThrownBy(() -> store().put(bad, new byte[] {1})).as(bad).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> store().get(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> store().delete(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
