package dev.webhooker.control;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.springframework.stereotype.Component;

import dev.webhooker.access.Access;
import dev.webhooker.routing.ChatClaim;
import dev.webhooker.routing.ChatConsent;
import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.Target;
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
        Set<String> named = chats(before.groups(), before.routes());
        List<Group> newLogs = groups.stream().filter(g -> g.logTarget() != null && !named.contains(chatKey(g.id(), g.logTarget()))).toList();
        List<Route> newTargets = routes.stream()
                .map(r -> r.withTargets(r.targets().stream().filter(t -> !named.contains(chatKey(r.groupId(), t))).toList()))
                .filter(r -> !r.targets().isEmpty())
                .toList();
        return () -> {
            inTransaction.run();
            repository.grantChats(newLogs, newTargets, ChatClaim.Via.OPERATOR, scope.user().login());
        };
    }

    private static Set<String> chats(List<Group> groups, List<Route> routes) {
        Set<String> keys = new HashSet<>();
        groups.stream().filter(g -> g.logTarget() != null).forEach(g -> keys.add(chatKey(g.id(), g.logTarget())));
        routes.forEach(r -> r.targets().forEach(t -> keys.add(chatKey(r.groupId(), t))));
        return keys;
    }

    private static String chatKey(String groupId, Target target) {
        return ChatConsent.chatOf(target).map(chat -> groupId + '\u0000' + chat.platform().wireName() + '\u0000' + chat.id()).orElse("");
    }
}
