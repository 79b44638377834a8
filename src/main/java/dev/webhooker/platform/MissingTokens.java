package dev.webhooker.platform;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.Target;

/**
 * The routes (and group logs) that send to a platform whose bot token is not set: their targets of that
 * platform can only fail. Said once per route at start, as a warning the operator can act on.
 */
final class MissingTokens {

    /** The setting of each platform whose token is missing, by platform. */
    private final Map<String, String> missing = new LinkedHashMap<>();

    /** {@code tokens}: the bot tokens the platforms declare (a platform posting only to URLs declares none). */
    MissingTokens(List<BotToken> tokens) {
        tokens.stream().filter(BotToken::missing).forEach(t -> missing.put(t.platform(), t.setting()));
    }

    /** One line per enabled route and per group log target that needs a token which is not set. */
    public List<String> warnings(ConfigSnapshot config) {
        List<String> lines = new ArrayList<>();
        for (Route route : config.routes()) {
            if (!route.enabled()) {
                continue;
            }
            // a URL target (webhook, incoming webhook, workflow) carries its own way in
            route.targets().stream().filter(t -> !t.endpoint()).map(MissingTokens::platform).filter(missing::containsKey).distinct()
                    .forEach(p -> lines.add("route " + name(route) + " sends to " + p + ", but " + missing.get(p)
                            + " is not set: its " + p + " targets will fail"));
        }
        for (Group group : config.groups()) {
            if (group.logTarget() != null && missing.containsKey(platform(group.logTarget()))) {
                String p = platform(group.logTarget());
                lines.add("group " + group.id() + " logs to " + p + ", but " + missing.get(p) + " is not set: its group log will fail");
            }
        }
        return lines;
    }

    private static String platform(Target target) {
        return target.platform();
    }

    private static String name(Route route) {
        return route.groupId() == null ? route.id() : route.groupId() + "/" + route.id();
    }
}
