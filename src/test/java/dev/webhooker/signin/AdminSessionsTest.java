package dev.webhooker.signin;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.webhooker.access.SessionUser;
import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;
import dev.webhooker.store.SqlKvStore;
import dev.webhooker.testsupport.TestClock;
import dev.webhooker.testsupport.TestDatabases;
import dev.webhooker.secrets.Sha256;

class AdminSessionsTest {

    private static javax.sql.DataSource database;

    private final TestClock clock = new TestClock(Instant.parse("2026-12-01T10:00:00Z"));
    private KvStore kv;
    private AdminSessions sessions;
    private final SessionUser octo = new SessionUser("583231", "octocat");

    @BeforeAll
    static void database() {
        database = TestDatabases.h2();
    }

    @org.junit.jupiter.api.BeforeEach
    void setUp() {
        kv = new SqlKvStore(database, DatabaseUrl.Vendor.H2, clock);
        sessions = new AdminSessions(kv, Duration.ofHours(12), clock);
    }

    @Test
    void aSessionIsA64HexIdWithTheSeedsRecordAndADifferentIdEachTime() throws Exception {
        String id = sessions.start(octo);
        String other = sessions.start(octo);

        assertThat(id).matches("[0-9a-f]{64}").isNotEqualTo(other);
        var record = new ObjectMapper().readTree(kv.get(AdminSessions.key(id)).orElseThrow());
        assertThat(record.path("userId").asText()).isEqualTo("583231");
        assertThat(record.path("login").asText()).isEqualTo("octocat");
        assertThat(sessions.find(id)).get().extracting(AdminSessions.AdminSession::user).isEqualTo(octo);
    }

    @Test
    void aSessionEndsAfterTheIdleTimeoutWithoutRequests() {
        String id = sessions.start(octo);
        clock.advance(Duration.ofHours(11));
        assertThat(sessions.find(id)).isPresent();
        clock.advance(Duration.ofHours(11));
        assertThat(sessions.find(id)).as("used 11 h ago: still within 12 h").isPresent();
        clock.advance(Duration.ofHours(12));
        assertThat(sessions.find(id)).isEmpty();
        assertThat(kv.get(AdminSessions.key(id))).isEmpty();
    }

    @Test
    void aSessionEndsSevenDaysAfterSignInHoweverBusy() {
        String id = sessions.start(octo);
        for (int hour = 0; hour + 6 < 7 * 24; hour += 6) {
            clock.advance(Duration.ofHours(6));
            assertThat(sessions.find(id)).as("after %d h", hour + 6).isPresent();
        }
        clock.advance(Duration.ofHours(6));
        assertThat(sessions.find(id)).isEmpty();
    }

    @Test
    void malformedUnknownAndEndedIdsFindNothing() {
        String id = sessions.start(octo);
        sessions.end(id);

        assertThat(sessions.find(id)).isEmpty();
        assertThat(sessions.find("0".repeat(64))).isEmpty();
        assertThat(sessions.find(id.toUpperCase())).isEmpty();
        assertThat(sessions.find("x' OR '1'='1")).isEmpty();
        assertThat(sessions.find(null)).isEmpty();
    }

    @Test
    void aRecordWithoutTheTwoTimesStaysValid() {
        String id = "ab".repeat(32);
        kv.put(AdminSessions.key(id), "{\"userId\":\"583231\",\"login\":\"octocat\"}", Duration.ofHours(24));

        assertThat(sessions.find(id)).get().extracting(AdminSessions.AdminSession::user).isEqualTo(octo);
    }

    @Test
    void theKvHoldsTheHashOfTheIdNeverTheIdAndAClearKeyedSessionIsNotHonoured() {
        String id = sessions.start(octo);

        assertThat(AdminSessions.key(id)).isEqualTo("session:" + Sha256.hex(id)).doesNotContain(id);
        assertThat(kv.get(KvKeys.SESSION.key(id))).isEmpty();
        assertThat(kv.scan(KvKeys.SESSION.prefix())).contains(AdminSessions.key(id)).noneMatch(key -> key.contains(id));
        assertThat(sessions.find(Sha256.hex(id))).as("what the KV shows is no cookie").isEmpty();

        String old = "cd".repeat(32);
        kv.put(KvKeys.SESSION.key(old), "{\"userId\":\"583231\",\"login\":\"octocat\"}", Duration.ofHours(24));
        assertThat(sessions.find(old)).as("kept under its id in clear, before the hashing").isEmpty();
    }

    @Test
    void anInviteOnlySessionSaysSoUntilItIsLifted() {
        String id = sessions.start(octo, true);
        AdminSessions.AdminSession session = sessions.find(id).orElseThrow();
        assertThat(session.inviteOnly()).isTrue();

        clock.advance(Duration.ofMinutes(10));
        assertThat(sessions.find(id).orElseThrow().inviteOnly()).as("kept when the last-seen time is written").isTrue();
        sessions.lift(session);
        AdminSessions.AdminSession lifted = sessions.find(id).orElseThrow();
        assertThat(lifted.inviteOnly()).isFalse();
        assertThat(lifted.createdAt()).isEqualTo(session.createdAt());
        assertThat(sessions.find(sessions.start(octo)).orElseThrow().inviteOnly()).isFalse();
    }
}
