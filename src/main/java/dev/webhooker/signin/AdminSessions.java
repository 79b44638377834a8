package dev.webhooker.signin;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.webhooker.access.SessionUser;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * Console sessions in KV {@code session:{id}} (the seed's layout: a 64-hex id, {@code {userId, login}}, 7 days).
 * Ours on top: {@code createdAt} and {@code lastSeenAt}, so a session also ends after SESSION_IDLE_TIMEOUT
 * without a request. The last-seen time is written at most every few minutes, not on every request.
 * Records written by the original (without the two fields) stay valid until their own expiry.
 */
final class AdminSessions {

    /** Absolute lifetime from sign-in. */
    public static final Duration LIFETIME = KvKeys.SESSION.ttl();
    private static final Duration TOUCH_EVERY = Duration.ofMinutes(5);
    private static final Pattern ID = Pattern.compile("[0-9a-f]{64}");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final KvStore kv;
    private final Duration idleTimeout;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    public AdminSessions(KvStore kv, Duration idleTimeout, Clock clock) {
        this.kv = kv;
        this.idleTimeout = idleTimeout;
        this.clock = clock;
    }

    /** One signed-in browser. */
    public record AdminSession(String id, SessionUser user, long createdAt) {
    }

    /** Starts a new session (a new id at every sign-in) and returns its id. */
    public String start(SessionUser user) {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        String id = HexFormat.of().formatHex(bytes);
        long now = clock.millis();
        write(id, user, now, now, LIFETIME);
        return id;
    }

    /** The live session with this id; a malformed, unknown, expired or idle one is absent. */
    public Optional<AdminSession> find(String id) {
        if (id == null || !ID.matcher(id).matches()) {
            return Optional.empty();
        }
        Optional<String> stored = kv.get(KvKeys.SESSION.key(id));
        if (stored.isEmpty()) {
            return Optional.empty();
        }
        long now = clock.millis();
        JsonNode record;
        try {
            record = JSON.readTree(stored.get());
        } catch (Exception e) {
            kv.delete(KvKeys.SESSION.key(id));
            return Optional.empty();
        }
        String userId = record.path("userId").asText("");
        String login = record.path("login").asText("");
        if (userId.isEmpty() || login.isEmpty()) {
            kv.delete(KvKeys.SESSION.key(id));
            return Optional.empty();
        }
        long createdAt = record.path("createdAt").asLong(now);
        long lastSeenAt = record.path("lastSeenAt").asLong(now);
        if (now - createdAt >= LIFETIME.toMillis() || now - lastSeenAt >= idleTimeout.toMillis()) {
            kv.delete(KvKeys.SESSION.key(id));
            return Optional.empty();
        }
        SessionUser user = new SessionUser(userId, login);
        if (now - lastSeenAt >= TOUCH_EVERY.toMillis()) {
            write(id, user, createdAt, now, Duration.ofMillis(createdAt + LIFETIME.toMillis() - now));
        }
        return Optional.of(new AdminSession(id, user, createdAt));
    }

    public void end(String id) {
        if (id != null && ID.matcher(id).matches()) {
            kv.delete(KvKeys.SESSION.key(id));
        }
    }

    private void write(String id, SessionUser user, long createdAt, long lastSeenAt, Duration ttl) {
        ObjectNode record = JSON.createObjectNode()
                .put("userId", user.userId())
                .put("login", user.login())
                .put("createdAt", createdAt)
                .put("lastSeenAt", lastSeenAt);
        kv.put(KvKeys.SESSION.key(id), record.toString(), ttl);
    }
}
