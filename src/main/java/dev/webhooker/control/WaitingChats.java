package dev.webhooker.control;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import dev.webhooker.routing.ChatConsent;
import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.Target;

/**
 * The targets that are saved but waiting for their chat: the chat has not claimed the target's group, so nothing is
 * sent there. Listed beside routes so that the console can say so where the target is shown.
 */
final class WaitingChats {

    private WaitingChats() {
    }

    /** Each waiting target of the groups {@code shown} lets through: group, route (null: the group log), target index, chat. */
    static List<Map<String, Object>> of(ConfigSnapshot config, Predicate<String> shown) {
        List<Map<String, Object>> waiting = new ArrayList<>();
        ChatConsent consent = config.consent();
        for (Group g : config.groups()) {
            if (shown.test(g.id()) && g.logTarget() != null && !consent.allows(g.id(), g.logTarget())) {
                waiting.add(entry(g.id(), null, null, g.logTarget()));
            }
        }
        for (Route r : config.routes()) {
            if (r.groupId() == null || !shown.test(r.groupId())) {
                continue;
            }
            for (int i = 0; i < r.targets().size(); i++) {
                if (!consent.allows(r.groupId(), r.targets().get(i))) {
                    waiting.add(entry(r.groupId(), r.id(), i, r.targets().get(i)));
                }
            }
        }
        return waiting;
    }

    /** The indices of {@code route}'s targets that wait for their chat. */
    static List<Integer> indices(ConfigSnapshot config, Route route) {
        List<Integer> indices = new ArrayList<>();
        for (int i = 0; i < route.targets().size(); i++) {
            if (!config.consent().allows(route.groupId(), route.targets().get(i))) {
                indices.add(i);
            }
        }
        return indices;
    }

    private static Map<String, Object> entry(String groupId, String routeId, Integer index, Target target) {
        Map<String, Object> entry = new LinkedHashMap<>();
        ChatConsent.Chat chat = ChatConsent.chatOf(target).orElseThrow();
        entry.put("groupId", groupId);
        entry.put("routeId", routeId);
        entry.put("target", index);
        entry.put("platform", chat.platform());
        entry.put("chatId", chat.id());
        return entry;
    }
}
