package dev.webhooker.control;

import java.util.List;
import java.util.Set;

import org.springframework.stereotype.Component;

import dev.webhooker.access.Access;
import dev.webhooker.routing.ChatClaim;
import dev.webhooker.routing.ChatConsent;
import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.store.ConfigRepository;

/**
 * A super admin is the operator: the chats a super admin's write newly names as targets of a group are granted to
 * that group, as the config file's are. Only what the write adds counts, so a super admin who saves a list holding a
 * group admin's waiting target (a reorder, a round trip through the editor) does not approve it by accident;
 * approving is its own action.
 */
@Component
class OperatorGrants {

    private final ConfigRepository repository;

    OperatorGrants(ConfigRepository repository) {
        this.repository = repository;
    }

    /** {@code inTransaction}, then, for a super admin, the grants of what {@code groups} and {@code routes} add to {@code before}. */
    Runnable with(Access scope, ConfigSnapshot before, List<Group> groups, List<Route> routes, Runnable inTransaction) {
        if (!scope.superAdmin()) {
            return inTransaction;
        }
        Set<ChatConsent.GroupChat> added = ChatConsent.named(groups, routes);
        added.removeAll(ChatConsent.named(before.groups(), before.routes()));
        return () -> {
            inTransaction.run();
            repository.grantChats(added, ChatClaim.Via.OPERATOR, scope.user().login());
        };
    }
}
