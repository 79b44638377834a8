package dev.webhooker.control;

import org.springframework.stereotype.Component;

import dev.webhooker.secrets.TenantSecrets;
import dev.webhooker.store.ConfigRepository;

/**
 * What a group keeps in the KV store (its webhook secret, its pending invites) goes when the group is deleted, by
 * any path: the admin API's single delete and whole-list writes, the config import, the config file, the WebHooker
 * import. Its routes and chat claims go in the deleting transaction itself.
 */
@Component
class DeletedGroupCleanup {

    DeletedGroupCleanup(ConfigRepository repository, TenantSecrets secrets, Invites invites) {
        repository.addGroupDeletionListener(groupId -> {
            secrets.disable(groupId);
            invites.revokeAll(groupId);
        });
    }
}
