package dev.webhooker.secrets;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Optional;

import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * The per-group webhook secrets of {@code POST /webhook/{groupId}}: KV
 * {@code tenant:{groupId}}, a 64-hex secret, sealed with {@link SecretBox} (it must stay recoverable: it is the
 * HMAC key). A plain 64-hex value, as WebHooker stored it, is still read, so a moved deployment keeps its
 * secrets; it is sealed at its next rotation. A rotation may keep the old secret valid for an overlap
 * ({@code tenant-previous:{groupId}}, expiring with it), so senders can be switched without a gap.
 */
public final class TenantSecrets {

    /** The longest overlap a rotation may ask for. */
    public static final Duration MAX_OVERLAP = KvKeys.TENANT_PREVIOUS.ttl();

    private final KvStore kv;
    private final SecretBox box;
    private final SecureRandom random = new SecureRandom();

    public TenantSecrets(KvStore kv, SecretBox box) {
        this.kv = kv;
        this.box = box;
    }

    /** The group's secret, opened; empty when it has none. */
    public Optional<String> current(String groupId) {
        return kv.get(KvKeys.TENANT.key(groupId)).filter(v -> !v.isBlank()).map(this::open);
    }

    /** The secret the last rotation replaced, while its overlap lasts. */
    public Optional<String> previous(String groupId) {
        return kv.get(KvKeys.TENANT_PREVIOUS.key(groupId)).filter(v -> !v.isBlank()).map(this::open);
    }

    public boolean has(String groupId) {
        return kv.get(KvKeys.TENANT.key(groupId)).filter(v -> !v.isBlank()).isPresent();
    }

    /**
     * A new secret, effective at once, returned in clear (the only time it is shown). With a positive
     * {@code overlap} (at most {@link #MAX_OVERLAP}) the secret it replaces keeps verifying that long.
     */
    public String regenerate(String groupId, Duration overlap) {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        String secret = HexFormat.of().formatHex(bytes);
        Optional<String> old = kv.get(KvKeys.TENANT.key(groupId)).filter(v -> !v.isBlank());
        if (overlap != null && !overlap.isZero() && !overlap.isNegative() && old.isPresent()) {
            Duration kept = overlap.compareTo(MAX_OVERLAP) > 0 ? MAX_OVERLAP : overlap;
            kv.put(KvKeys.TENANT_PREVIOUS.key(groupId), box.seal(open(old.get())), kept);
        } else {
            kv.delete(KvKeys.TENANT_PREVIOUS.key(groupId));
        }
        kv.put(KvKeys.TENANT.key(groupId), box.seal(secret), null);
        return secret;
    }

    /** A known secret (moving over from WebHooker, which kept it in clear), sealed like a generated one. */
    public void set(String groupId, String secret) {
        kv.put(KvKeys.TENANT.key(groupId), box.seal(secret), null);
    }

    /** No secret any more: the group's endpoint answers 404 (as for an unknown group). */
    public void disable(String groupId) {
        kv.delete(KvKeys.TENANT.key(groupId));
        kv.delete(KvKeys.TENANT_PREVIOUS.key(groupId));
    }

    /** A renamed group keeps its secret (as stored); an overlap still running ends with the rename. */
    public void move(String groupId, String newGroupId) {
        kv.get(KvKeys.TENANT.key(groupId)).ifPresent(value -> kv.put(KvKeys.TENANT.key(newGroupId), value, null));
        disable(groupId);
    }

    private String open(String stored) {
        return stored.startsWith("v1:") ? box.open(stored) : stored;
    }
}
