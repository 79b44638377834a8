package dev.webhooker.platform.discord;

import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

import dev.webhooker.routing.Target;
import dev.webhooker.routing.TargetJson;
import dev.webhooker.routing.TargetPlatform;
import dev.webhooker.routing.TargetProblems;

/**
 * Discord targets in the configuration: {@code channelId} and optionally {@code threadId}, both snowflakes (17 to 20
 * digits), checked wherever one is written because it goes into a request path. A target that names no platform is
 * Discord's: the only platform there was at first.
 */
public final class DiscordPlatform implements TargetPlatform {

    private static final Pattern SNOWFLAKE = Pattern.compile("^[0-9]{17,20}$");

    /** A Discord target's wire shape: chatId and topicId are taken and dropped, as they always were (older targets carried every chat field). */
    record DiscordJson(@JsonDeserialize(using = TargetJson.PlatformId.class) String channelId,
                       @JsonDeserialize(using = TargetJson.PlatformId.class) String threadId,
                       @TargetJson.Refused("must be true or false") Boolean threads,
                       JsonNode chatId, JsonNode topicId) {
    }

    @Override
    public String name() {
        return DiscordTarget.PLATFORM;
    }

    @Override
    public boolean impliedWhenUnnamed() {
        return true;
    }

    @Override
    public Class<? extends Record> wireShape() {
        return DiscordJson.class;
    }

    @Override
    public Target read(TargetJson json) {
        DiscordJson bound = json.bind(DiscordJson.class);
        return new DiscordTarget(bound.channelId(), TargetJson.orNull(bound.threadId()), Boolean.TRUE.equals(bound.threads()));
    }

    @Override
    public void write(Target target, TargetJson json) {
        DiscordTarget t = (DiscordTarget) target;
        json.put("channelId", t.channelId());
        json.putPresent("threadId", t.threadId());
        if (t.threads()) {
            json.put("threads", true);
        }
    }

    @Override
    public void check(Target target, TargetProblems problems) {
        DiscordTarget t = (DiscordTarget) target;
        problems.checkLength("channelId", t.channelId());
        problems.checkLength("threadId", t.threadId());
        problems.checkRequiredId("channelId", t.channelId(), "required for a discord target", this::chatIdProblem);
        problems.checkOptionalId("threadId", t.threadId(),
                id -> SNOWFLAKE.matcher(id).matches() ? null : "a Discord thread id: 17 to 20 digits");
        if (t.threads() && t.threadId() != null && !t.threadId().isBlank()) {
            // a thread cannot hold threads of its own
            problems.add("threads", "threads start in a channel: leave threadId empty, or threads off");
        }
    }

    @Override
    public boolean carriesGroupLog() {
        return true;
    }

    @Override
    public boolean hasBotChats() {
        return true;
    }

    @Override
    public Limit overLimit(String title, String body, String footer) {
        return TargetPlatform.firstOver(new Limit("title", TargetPlatform.length(title), DiscordLimits.TITLE),
                new Limit("body", TargetPlatform.length(body), DiscordLimits.DESCRIPTION), new Limit("footer", TargetPlatform.length(footer), DiscordLimits.FOOTER_TEXT));
    }

    @Override
    public boolean mentionsPeople() {
        return true;
    }

    @Override
    public String personIdProblem(String id) {
        return SNOWFLAKE.matcher(id).matches() ? null : "a Discord user id: 17 to 20 digits (Copy User ID)";
    }

    @Override
    public String chatIdProblem(String id) {
        return SNOWFLAKE.matcher(id).matches() ? null : "a Discord channel or thread id: 17 to 20 digits (Copy Channel ID)";
    }
}
