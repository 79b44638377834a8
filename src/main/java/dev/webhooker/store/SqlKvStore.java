package dev.webhooker.store;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * {@link KvStore} on the {@code kv_entries} table (the embedded default when REDIS_URL is not set).
 * {@code expires_at} is epoch milliseconds, NULL for permanent entries; expired rows are invisible to every
 * read and are removed by the storage-prune job. Runs inside a surrounding Spring transaction when there
 * is one, so a claim can commit together with the row it guards.
 */
public class SqlKvStore implements KvStore {

    private static final String LIVE = "(expires_at IS NULL OR expires_at > ?)";

    /**
     * PostgreSQL: one statement that inserts, or takes over a row only when it has expired; the row lock
     * taken by ON CONFLICT makes concurrent claims of the same key serialise, so exactly one wins.
     */
    private static final String PG_PUT_IF_ABSENT = """
            INSERT INTO kv_entries (key, value, expires_at) VALUES (?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at
            WHERE kv_entries.expires_at IS NOT NULL AND kv_entries.expires_at <= ?""";
    private static final String PG_PUT = """
            INSERT INTO kv_entries (key, value, expires_at) VALUES (?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at""";
    /** H2 has no ON CONFLICT … DO UPDATE; its MERGE … KEY is an upsert. */
    private static final String H2_PUT = "MERGE INTO kv_entries (key, value, expires_at) KEY (key) VALUES (?, ?, ?)";
    private static final String INSERT = "INSERT INTO kv_entries (key, value, expires_at) VALUES (?, ?, ?)";
    private static final String TAKE_OVER_EXPIRED = """
            UPDATE kv_entries SET value = ?, expires_at = ?
            WHERE key = ? AND expires_at IS NOT NULL AND expires_at <= ?""";
    private static final char LIKE_ESCAPE = '!';

    private final JdbcTemplate jdbc;
    private final DatabaseUrl.Vendor vendor;
    private final Clock clock;

    public SqlKvStore(DataSource dataSource, DatabaseUrl.Vendor vendor, Clock clock) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.vendor = vendor;
        this.clock = clock;
    }

    @Override
    public Optional<String> get(String key) {
        List<String> values = jdbc.queryForList(
                "SELECT value FROM kv_entries WHERE key = ? AND " + LIVE, String.class, key, now());
        return values.stream().findFirst();
    }

    @Override
    public void put(String key, String value, Duration ttl) {
        Long expiresAt = expiresAt(ttl);
        if (vendor == DatabaseUrl.Vendor.POSTGRESQL) {
            jdbc.update(PG_PUT, key, value, expiresAt);
            return;
        }
        try {
            jdbc.update(H2_PUT, key, value, expiresAt);
        } catch (DuplicateKeyException raced) {
            // two MERGEs of a new key at once: the loser finds the row now and overwrites it
            jdbc.update(H2_PUT, key, value, expiresAt);
        }
    }

    @Override
    public boolean putIfAbsent(String key, String value, Duration ttl) {
        Long expiresAt = expiresAt(ttl);
        long now = now();
        if (vendor == DatabaseUrl.Vendor.POSTGRESQL) {
            return jdbc.update(PG_PUT_IF_ABSENT, key, value, expiresAt, now) == 1;
        }
        try {
            return jdbc.update(INSERT, key, value, expiresAt) == 1;
        } catch (DuplicateKeyException present) {
            // H2 re-checks the WHERE clause on the row it has locked, so of two concurrent take-overs one wins
            try {
                return jdbc.update(TAKE_OVER_EXPIRED, value, expiresAt, key, now) == 1;
            } catch (DuplicateKeyException stillPresent) {
                return false;
            }
        }
    }

    @Override
    public void delete(String key) {
        jdbc.update("DELETE FROM kv_entries WHERE key = ?", key);
    }

    /** Read, then delete that very value: the delete's row count decides which of concurrent takers won. */
    @Override
    public Optional<String> take(String key) {
        Optional<String> value = get(key);
        if (value.isEmpty()) {
            return value;
        }
        int deleted = jdbc.update("DELETE FROM kv_entries WHERE key = ? AND value = ? AND " + LIVE, key, value.get(), now());
        return deleted == 1 ? value : Optional.empty();
    }

    @Override
    public List<String> scan(String prefix) {
        return jdbc.queryForList(
                "SELECT key FROM kv_entries WHERE key LIKE ? ESCAPE '" + LIKE_ESCAPE + "' AND " + LIVE,
                String.class, likePrefix(prefix), now());
    }

    /** The prefix as a LIKE pattern that matches it literally: {@code %} and {@code _} in keys are not wildcards. */
    static String likePrefix(String prefix) {
        StringBuilder pattern = new StringBuilder(prefix.length() + 8);
        for (char c : prefix.toCharArray()) {
            if (c == '%' || c == '_' || c == LIKE_ESCAPE) {
                pattern.append(LIKE_ESCAPE);
            }
            pattern.append(c);
        }
        return pattern.append('%').toString();
    }

    private Long expiresAt(Duration ttl) {
        Long millis = KvTtl.millis(ttl);
        return millis == null ? null : Math.addExact(now(), millis);
    }

    private long now() {
        return clock.millis();
    }
}
