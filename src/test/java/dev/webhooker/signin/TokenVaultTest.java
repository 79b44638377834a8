package dev.webhooker.signin;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.webhooker.secrets.SecretBox;
import dev.webhooker.store.DatabaseUrl;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;
import dev.webhooker.store.SqlKvStore;
import dev.webhooker.testsupport.LogCapture;
import dev.webhooker.testsupport.TestClock;
import dev.webhooker.testsupport.TestDatabases;
import dev.webhooker.secrets.Sha256;

class TokenVaultTest {

    private static javax.sql.DataSource database;
    private static final String KEY = "a test key that is long enough to use";

    private final TestClock clock = new TestClock(Instant.parse("2026-12-01T10:00:00Z"));
    private KvStore kv;
    private TokenVault vault;

    @BeforeAll
    static void database() {
        database = TestDatabases.h2();
    }

    @BeforeEach
    void setUp() {
        kv = new SqlKvStore(database, DatabaseUrl.Vendor.H2, clock);
        vault = new TokenVault(kv, new SecretBox(KEY, null), id -> null, clock);
    }

    private TokenVault.StoredToken token(String userId, String access, Duration lifetime, String refresh) {
        return new TokenVault.StoredToken(userId, "octocat", access, clock.instant().plus(lifetime), refresh);
    }

    @Test
    void theStoredValuesAreSealedAndTheReverseEntryIsTheHashOfTheToken() {
        vault.save(token("1", "gho_access", Duration.ofHours(8), "ghr_refresh"));

        String raw = kv.get(KvKeys.TOKEN.key("1")).orElseThrow();
        assertThat(raw).doesNotContain("gho_access").doesNotContain("ghr_refresh").contains("\"userId\":\"1\"");
        assertThat(kv.get(KvKeys.TOKEN_REVERSE.key(Sha256.hex("gho_access")))).contains("1");
        assertThat(vault.read("1")).get().satisfies(t -> {
            assertThat(t.accessToken()).isEqualTo("gho_access");
            assertThat(t.refreshToken()).isEqualTo("ghr_refresh");
            assertThat(t.login()).isEqualTo("octocat");
        });
        assertThat(vault.findByAccessToken("gho_access")).isPresent();
    }

    @Test
    void withoutARefreshTokenTheRecordAndItsReverseEntryLiveNineTenthsOfTheTokensLifetime() {
        vault.save(token("2", "gho_short", Duration.ofHours(10), null));

        clock.advance(Duration.ofHours(9).minusMinutes(1));
        assertThat(vault.read("2")).isPresent();
        clock.advance(Duration.ofMinutes(2));
        assertThat(kv.get(KvKeys.TOKEN.key("2"))).isEmpty();
        assertThat(kv.get(KvKeys.TOKEN_REVERSE.key(Sha256.hex("gho_short")))).isEmpty();
    }

    @Test
    void withARefreshTokenTheRecordOutlivesTheAccessTokenSoItCanBeRefreshed() {
        vault.save(token("3", "gho_expiring", Duration.ofHours(8), "ghr_refresh"));

        clock.advance(Duration.ofHours(9));
        assertThat(kv.get(KvKeys.TOKEN_REVERSE.key(Sha256.hex("gho_expiring")))).isEmpty();
        assertThat(vault.read("3")).get().extracting(TokenVault.StoredToken::refreshToken).isEqualTo("ghr_refresh");
    }

    @Test
    void aNewTokenRemovesTheReverseEntryOfTheOneItReplaces() {
        vault.save(token("4", "gho_first", Duration.ofHours(8), null));
        vault.save(token("4", "gho_second", Duration.ofHours(8), null));

        assertThat(kv.get(KvKeys.TOKEN_REVERSE.key(Sha256.hex("gho_first")))).isEmpty();
        assertThat(vault.findByAccessToken("gho_first")).isEmpty();
        assertThat(vault.findByAccessToken("gho_second")).get().extracting(TokenVault.StoredToken::userId).isEqualTo("4");
    }

    @Test
    void removeDeletesBothEntries() {
        vault.save(token("5", "gho_gone", Duration.ofHours(8), null));
        vault.remove("5");

        assertThat(kv.get(KvKeys.TOKEN.key("5"))).isEmpty();
        assertThat(kv.get(KvKeys.TOKEN_REVERSE.key(Sha256.hex("gho_gone")))).isEmpty();
    }

    @Test
    void aRecordThatNoKeyOpensCountsAsSignedOutAndIsLoggedOnce() {
        new TokenVault(kv, new SecretBox("another key, not the configured one", null), id -> null, clock)
                .save(token("6", "gho_foreign", Duration.ofHours(8), null));

        try (LogCapture log = new LogCapture(TokenVault.class)) {
            assertThat(vault.read("6")).isEmpty();
            assertThat(vault.read("6")).isEmpty();
            assertThat(vault.findByAccessToken("gho_foreign")).isEmpty();
            assertThat(log.lines()).hasSize(1).allMatch(line -> line.startsWith("WARN") && line.contains("user 6")
                    && !line.contains("gho_foreign"));
        }
    }
}
