package dev.webhooker.signin;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.access.SessionUser;
import dev.webhooker.secrets.Sha256;

/**
 * API tokens webhooker issues for the actions API: opaque
 * ({@code wht_} and 40 hex characters), kept only as their SHA-256, scoped to the actions they may run,
 * expiring, and revocable by their user or a super admin. A call made with one runs with the user's stored
 * GitHub token, so it stops working when that is gone too.
 */
public final class ApiTokens {

    public static final String PREFIX = "wht_";
    /** The actions API's scopes: what a token made without naming scopes gets. */
    public static final List<String> SCOPES = List.of("comment", "merge", "close", "react");
    /** Reading the admin API ({@code GET /admin/api/…}), and changing through it; each acts with its user's roles only. */
    public static final String ADMIN_READ = "admin:read";
    public static final String ADMIN_WRITE = "admin:write";
    /** Every scope a token may be given: the actions API's, then the admin API's. */
    public static final List<String> ALL_SCOPES = List.of("comment", "merge", "close", "react", ADMIN_READ, ADMIN_WRITE);
    public static final Duration DEFAULT_LIFETIME = Duration.ofDays(90);
    /** In days, for the admin API's request constraint, which needs a constant. */
    public static final long MAX_LIFETIME_DAYS = 365;
    public static final Duration MAX_LIFETIME = Duration.ofDays(MAX_LIFETIME_DAYS);
    /** The request attribute with the scopes of the API token a call came with. */
    static final String SCOPES_ATTRIBUTE = ApiTokens.class.getName() + ".scopes";

    /** Live tokens a user may hold at once. */
    public static final int MAX_LIVE_PER_USER = 20;

    /** One token as listed (never its value). */
    public record Token(String id, String userId, String login, String name, Set<String> scopes, long createdAt, long expiresAt,
                        Long lastUsedAt, Long revokedAt) {
        public boolean live(long now) {
            return revokedAt == null && expiresAt > now;
        }
    }

    /** A token just made: {@code value} is shown this once. */
    public record Issued(Token token, String value) {
    }

    /**
     * What the bearer of this request may do: the scopes of its API token, or every scope for a GitHub token
     * (the original's way, which has no scopes).
     */
    @SuppressWarnings("unchecked")
    public static Set<String> grantedScopes(jakarta.servlet.http.HttpServletRequest request) {
        Object scopes = request.getAttribute(SCOPES_ATTRIBUTE);
        return scopes instanceof Set<?> set ? (Set<String>) set : Set.copyOf(SCOPES);
    }

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    ApiTokens(JdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    public Issued issue(SessionUser user, String name, Set<String> scopes, Duration lifetime) {
        byte[] secret = new byte[20];
        random.nextBytes(secret);
        String value = PREFIX + HexFormat.of().formatHex(secret);
        byte[] idBytes = new byte[8];
        random.nextBytes(idBytes);
        String id = HexFormat.of().formatHex(idBytes);
        long now = clock.millis();
        Token token = new Token(id, user.userId(), user.login(), name, new TreeSet<>(scopes), now, now + lifetime.toMillis(), null, null);
        jdbc.update("INSERT INTO api_tokens (id, user_id, login, name, token_hash, scopes, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                id, user.userId(), user.login(), name, Sha256.hex(value), String.join(",", token.scopes()), now, token.expiresAt());
        return new Issued(token, value);
    }

    /** The live token with this value, its last use recorded; empty for an unknown, expired or revoked one. */
    Optional<Token> authenticate(String value) {
        if (value == null || !value.matches(PREFIX + "[0-9a-f]{40}")) {
            return Optional.empty();
        }
        long now = clock.millis();
        Optional<Token> token = jdbc.query("SELECT * FROM api_tokens WHERE token_hash = ?", ApiTokens::row, Sha256.hex(value)).stream()
                .findFirst().filter(t -> t.live(now));
        token.ifPresent(t -> jdbc.update("UPDATE api_tokens SET last_used_at = ? WHERE id = ?", now, t.id()));
        return token;
    }

    public List<Token> of(String userId) {
        return jdbc.query("SELECT * FROM api_tokens WHERE user_id = ? ORDER BY created_at DESC", ApiTokens::row, userId);
    }

    public Optional<Token> find(String id) {
        return jdbc.query("SELECT * FROM api_tokens WHERE id = ?", ApiTokens::row, id).stream().findFirst();
    }

    public long liveCount(String userId) {
        Long count = jdbc.queryForObject("SELECT COUNT(*) FROM api_tokens WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?",
                Long.class, userId, clock.millis());
        return count == null ? 0 : count;
    }

    /** True when this call revoked it (it was live). */
    public boolean revoke(String id) {
        return jdbc.update("UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", clock.millis(), id) > 0;
    }

    private static Token row(java.sql.ResultSet rs, int n) throws java.sql.SQLException {
        long lastUsed = rs.getLong("last_used_at");
        Long lastUsedAt = rs.wasNull() ? null : lastUsed;
        long revoked = rs.getLong("revoked_at");
        Long revokedAt = rs.wasNull() ? null : revoked;
        return new Token(rs.getString("id"), rs.getString("user_id"), rs.getString("login"), rs.getString("name"),
                new TreeSet<>(Arrays.asList(rs.getString("scopes").split(","))), rs.getLong("created_at"), rs.getLong("expires_at"),
                lastUsedAt, revokedAt);
    }
}
