package dev.webhooker.ingress;

import java.util.Optional;

import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.routing.Group;
import dev.webhooker.secrets.SecretBox;
import dev.webhooker.secrets.TenantSecrets;

/**
 * Groups from the in-memory config snapshot, secrets from KV {@code tenant:{groupId}} through
 * {@link TenantSecrets}. The snapshot is checked first, so an unknown group costs no storage read.
 */
final class KvGroupDirectory implements GroupDirectory {

    private final ConfigSnapshots snapshots;
    private final TenantSecrets secrets;

    public KvGroupDirectory(ConfigSnapshots snapshots, TenantSecrets secrets) {
        this.snapshots = snapshots;
        this.secrets = secrets;
    }

    @Override
    public Optional<GroupCredentials> credentials(String groupId) {
        Optional<Group> group = snapshots.current().group(groupId);
        if (group.isEmpty()) {
            return Optional.empty();
        }
        Optional<String> secret;
        try {
            secret = secrets.current(groupId);
        } catch (SecretBox.SealedValueException e) {
            // a secret no configured key opens verifies nothing; the sender gets the same answer as without one
            return Optional.empty();
        } catch (RuntimeException e) {
            throw new StorageUnavailableException("the KV store is unavailable: " + e.getMessage(), e);
        }
        return secret.map(s -> new GroupCredentials(s, group.get().requireReplayProtection()));
    }

    @Override
    public Optional<String> previousSecret(String groupId) {
        try {
            return secrets.previous(groupId);
        } catch (SecretBox.SealedValueException e) {
            return Optional.empty();
        } catch (RuntimeException e) {
            throw new StorageUnavailableException("the KV store is unavailable: " + e.getMessage(), e);
        }
    }
}
