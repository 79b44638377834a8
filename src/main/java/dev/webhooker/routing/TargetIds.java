package dev.webhooker.routing;

import java.util.regex.Pattern;

/**
 * The forms the platforms give their ids, checked wherever an id is written: an id goes into a request path (Discord)
 * or names where a bot posts, so anything else is refused rather than sent. Discord ids are snowflakes (17 to 20
 * digits); a Telegram chat is a number (negative for groups and channels) or a public {@code @username} (5 to 32
 * letters, digits and underscores, starting with a letter); a Telegram topic is a positive number; a Slack channel id
 * starts with C, G or D followed by upper-case letters and digits; a Slack message ts is seconds.micro.
 */
public final class TargetIds {

    private static final Pattern SNOWFLAKE = Pattern.compile("^[0-9]{17,20}$");
    private static final Pattern TELEGRAM_CHAT = Pattern.compile("^(-?[0-9]{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$");
    private static final Pattern TELEGRAM_TOPIC = Pattern.compile("^[1-9][0-9]{0,9}$");
    private static final Pattern SLACK_CHANNEL = Pattern.compile("^[CGD][A-Z0-9]{8,20}$");
    private static final Pattern SLACK_TS = Pattern.compile("^[0-9]{1,12}\\.[0-9]{1,8}$");

    private TargetIds() {
    }

    public static boolean snowflake(String id) {
        return id != null && SNOWFLAKE.matcher(id).matches();
    }

    /** What is wrong with {@code id} as a chat of {@code platform} (Discord channel, Telegram chat, Slack channel), or null. */
    public static String problem(Target.Platform platform, String id) {
        if (id == null || id.isBlank()) {
            return "required";
        }
        return switch (platform) {
            case DISCORD -> snowflake(id) ? null : "a Discord channel or thread id: 17 to 20 digits (Copy Channel ID)";
            case TELEGRAM -> TELEGRAM_CHAT.matcher(id).matches() ? null
                    : "a Telegram chat id (a number such as -1001234567890) or a public @username";
            case SLACK -> SLACK_CHANNEL.matcher(id).matches() ? null : "a Slack channel id such as C0123ABCD (the id, not the #name)";
            case WEBHOOK, TEAMS -> "not a chat of a bot";
        };
    }

    static String topicProblem(String id) {
        return TELEGRAM_TOPIC.matcher(id).matches() ? null : "a Telegram topic id: a positive number (message_thread_id)";
    }

    static String slackTsProblem(String ts) {
        return SLACK_TS.matcher(ts).matches() ? null : "a Slack message ts such as 1700000000.000100";
    }
}
