package dev.webhooker.ingress;

import java.util.Optional;

import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Group;
import dev.webhooker.store.KvKeys;
import dev.webhooker.store.KvStore;

/**
 * Groups from the in-memory config snapshot, secrets from KV {@code tenant:{groupId}} (spec §1.5).
 * The snapshot is checked first, so an unknown group costs no storage read.
 */
public final class KvGroupDirectory implements GroupDirectory {

    private final ConfigSnapshots snapshots;
    private final KvStore kv;

    public KvGroupDirectory(ConfigSnapshots snapshots, KvStore kv) {
        this.snapshots = snapshots;
        this.kv = kv;
    }

    @Override
    public Optional<GroupCredentials> credentials(String groupId) {
        Optional<Group> group = snapshots.current().group(groupId);
        if (group.isEmpty()) {
            return Optional.empty();
        }
        Optional<String> secret;
        try {
            secret = kv.get(KvKeys.TENANT.key(groupId));
        } catch (RuntimeException e) {
            throw new StorageUnavailableException("the KV store is unavailable: " + e.getMessage(), e);
        }
        return secret.filter(s -> !s.isBlank())
                .map(s -> new GroupCredentials(s, group.get().requireReplayProtection()));
    }
}
