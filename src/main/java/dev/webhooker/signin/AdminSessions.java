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
import dev.webhooker.secrets.Sha256;

/**
 * Console sessions in KV {@code session:{sha256(id)}}: the cookie carries a 64-hex id, the KV only its hash, so
 * whoever reads the KV (Redis, the database) cannot sign in as anyone. Sessions kept under their id in clear
 * (the seed's layout, and this service before) are not looked up: they simply stop working, and everyone
 * signs in once more. The record is the seed's {@code {userId, login}} (7 days) with ours on top:
 * {@code createdAt} and {@code lastSeenAt}, so a session also ends after SESSION_IDLE_TIMEOUT without a
 * request (the last-seen time is written at most every few minutes, not on every request), and
 * {@code inviteOnly} for a session that exists only to accept an invite.
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

    /**
     * One signed-in browser. {@code inviteOnly}: signed in without access on the way to an invite; such a session
     * is good for accepting it and nothing else ({@link KvSessionContextRepository}).
     */
    public record AdminSession(String id, SessionUser user, long createdAt, boolean inviteOnly) {
    }

    /** Starts a new session (a new id at every sign-in) and returns its id. */
    public String start(SessionUser user) {
        return start(user, false);
    }

    /** {@link #start(SessionUser)}, for accepting an invite only when {@code inviteOnly}. */
    public String start(SessionUser user, boolean inviteOnly) {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        String id = HexFormat.of().formatHex(bytes);
        long now = clock.millis();
        write(id, user, now, now, LIFETIME, inviteOnly);
        return id;
    }

    /** The session becomes a full one (its user has access now, e.g. after accepting the invite). */
    public void lift(AdminSession session) {
        long now = clock.millis();
        Duration left = Duration.ofMillis(session.createdAt() + LIFETIME.toMillis() - now);
        if (!left.isNegative() && !left.isZero()) {
            write(session.id(), session.user(), session.createdAt(), now, left, false);
        }
    }

    /** The KV key of a session: the id's hash, never the id. */
    static String key(String id) {
        return KvKeys.SESSION.key(Sha256.hex(id));
    }

    /** The live session with this id; a malformed, unknown, expired or idle one is absent. */
    public Optional<AdminSession> find(String id) {
        if (id == null || !ID.matcher(id).matches()) {
            return Optional.empty();
        }
        String key = key(id);
        Optional<String> stored = kv.get(key);
        if (stored.isEmpty()) {
            return Optional.empty();
        }
        long now = clock.millis();
        JsonNode record;
        try {
            record = JSON.readTree(stored.get());
        } catch (Exception e) {
            kv.delete(key);
            return Optional.empty();
        }
        String userId = record.path("userId").asText("");
        String login = record.path("login").asText("");
        if (userId.isEmpty() || login.isEmpty()) {
            kv.delete(key);
            return Optional.empty();
        }
        long createdAt = record.path("createdAt").asLong(now);
        long lastSeenAt = record.path("lastSeenAt").asLong(now);
        if (now - createdAt >= LIFETIME.toMillis() || now - lastSeenAt >= idleTimeout.toMillis()) {
            kv.delete(key);
            return Optional.empty();
        }
        SessionUser user = new SessionUser(userId, login);
        boolean inviteOnly = record.path("inviteOnly").asBoolean(false);
        if (now - lastSeenAt >= TOUCH_EVERY.toMillis()) {
            write(id, user, createdAt, now, Duration.ofMillis(createdAt + LIFETIME.toMillis() - now), inviteOnly);
        }
        return Optional.of(new AdminSession(id, user, createdAt, inviteOnly));
    }

    public void end(String id) {
        if (id != null && ID.matcher(id).matches()) {
            kv.delete(key(id));
        }
    }

    private void write(String id, SessionUser user, long createdAt, long lastSeenAt, Duration ttl, boolean inviteOnly) {
        ObjectNode record = JSON.createObjectNode()
                .put("userId", user.userId())
                .put("login", user.login())
                .put("createdAt", createdAt)
                .put("lastSeenAt", lastSeenAt);
        if (inviteOnly) {
            record.put("inviteOnly", true);
        }
        kv.put(key(id), record.toString(), ttl);
    }
}
