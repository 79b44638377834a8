package dev.webhooker.platform;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import dev.webhooker.routing.ConfigSnapshot;
import dev.webhooker.routing.Group;
import dev.webhooker.routing.Route;
import dev.webhooker.routing.Target;

/**
 * The routes (and group logs) that send to a platform whose bot token is not set: their targets of that
 * platform can only fail. Said once per route at start, as a warning the operator can act on.
 */
final class MissingTokens {

    private final Set<Target.Platform> missing;

    /** {@code slackToken}: the bot's, which slack targets with a channelId need (an incoming webhook needs none). */
    public MissingTokens(String discordToken, String telegramToken, String slackToken) {
        missing = EnumSet.noneOf(Target.Platform.class);
        if (slackToken == null || slackToken.isBlank()) {
            missing.add(Target.Platform.SLACK);
        }
        if (discordToken == null || discordToken.isBlank()) {
            missing.add(Target.Platform.DISCORD);
        }
        if (telegramToken == null || telegramToken.isBlank()) {
            missing.add(Target.Platform.TELEGRAM);
        }
    }

    /** One line per enabled route and per group log target that needs a token which is not set. */
    public List<String> warnings(ConfigSnapshot config) {
        List<String> lines = new ArrayList<>();
        for (Route route : config.routes()) {
            if (!route.enabled()) {
                continue;
            }
            // a URL target (webhook, Slack incoming webhook, Teams) carries its own way in
            route.targets().stream().filter(t -> !t.endpoint()).map(Target::platform).filter(missing::contains).distinct()
                    .forEach(p -> lines.add("route " + name(route) + " sends to " + wire(p) + ", but " + setting(p)
                            + " is not set: its " + wire(p) + " targets will fail"));
        }
        for (Group group : config.groups()) {
            if (group.logTarget() != null && missing.contains(group.logTarget().platform())) {
                Target.Platform p = group.logTarget().platform();
                lines.add("group " + group.id() + " logs to " + wire(p) + ", but " + setting(p) + " is not set: its group log will fail");
            }
        }
        return lines;
    }

    private static String name(Route route) {
        return route.groupId() == null ? route.id() : route.groupId() + "/" + route.id();
    }

    private static String wire(Target.Platform platform) {
        return platform.wireName();
    }

    private static String setting(Target.Platform platform) {
        return platform.name() + "_TOKEN";
    }
}
