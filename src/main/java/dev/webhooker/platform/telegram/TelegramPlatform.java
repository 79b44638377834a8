package dev.webhooker.platform.telegram;

import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

import dev.webhooker.routing.Target;
import dev.webhooker.routing.TargetJson;
import dev.webhooker.routing.TargetPlatform;
import dev.webhooker.routing.TargetProblems;

/**
 * Telegram targets in the configuration: {@code chatId} (a number, negative for groups and channels, or a public
 * {@code @username} of 5 to 32 letters, digits and underscores, starting with a letter) and optionally
 * {@code topicId} (a positive number).
 */
public final class TelegramPlatform implements TargetPlatform {

    private static final Pattern CHAT = Pattern.compile("^(-?[0-9]{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$");
    private static final Pattern TOPIC = Pattern.compile("^[1-9][0-9]{0,9}$");
    /**
     * A person: their numeric user id (a link mentions them), or their {@code @username} (five characters or more, or
     * four for the short names Telegram auctions).
     */
    private static final Pattern PERSON = Pattern.compile("^([1-9][0-9]{0,19}|@[A-Za-z][A-Za-z0-9_]{3,31})$");

    /** A Telegram target's wire shape: channelId and threadId are taken and dropped, as they always were (older targets carried every chat field). */
    record TelegramJson(@JsonDeserialize(using = TargetJson.PlatformId.class) String chatId,
                        @JsonDeserialize(using = TargetJson.PlatformId.class) String topicId,
                        @TargetJson.Refused("must be true or false") Boolean threads,
                        JsonNode channelId, JsonNode threadId) {
    }

    @Override
    public String name() {
        return TelegramTarget.PLATFORM;
    }

    @Override
    public Class<? extends Record> wireShape() {
        return TelegramJson.class;
    }

    @Override
    public Target read(TargetJson json) {
        TelegramJson bound = json.bind(TelegramJson.class);
        return new TelegramTarget(bound.chatId(), TargetJson.orNull(bound.topicId()), Boolean.TRUE.equals(bound.threads()));
    }

    @Override
    public void write(Target target, TargetJson json) {
        TelegramTarget t = (TelegramTarget) target;
        json.put("chatId", t.chatId());
        json.putPresent("topicId", t.topicId());
        if (t.threads()) {
            json.put("threads", true);
        }
    }

    @Override
    public void check(Target target, TargetProblems problems) {
        TelegramTarget t = (TelegramTarget) target;
        problems.checkLength("chatId", t.chatId());
        problems.checkLength("topicId", t.topicId());
        problems.checkRequiredId("chatId", t.chatId(), "required for a telegram target", this::chatIdProblem);
        problems.checkOptionalId("topicId", t.topicId(),
                id -> TOPIC.matcher(id).matches() ? null : "a Telegram topic id: a positive number (message_thread_id)");
    }

    @Override
    public boolean carriesGroupLog() {
        return true;
    }

    @Override
    public boolean hasBotChats() {
        return true;
    }

    /** One text: title, body and footer together (the renderer adds the author and the fields' lines besides). */
    @Override
    public Limit overLimit(String title, String body, String footer) {
        return TargetPlatform.firstOver(new Limit("body", TargetPlatform.length(title) + TargetPlatform.length(body) + TargetPlatform.length(footer), TelegramLimits.MESSAGE_TEXT));
    }

    @Override
    public boolean mentionsPeople() {
        return true;
    }

    @Override
    public String personIdProblem(String id) {
        return PERSON.matcher(id).matches() ? null : "a Telegram user id (digits) or @username";
    }

    @Override
    public String chatIdProblem(String id) {
        return CHAT.matcher(id).matches() ? null : "a Telegram chat id (a number such as -1001234567890) or a public @username";
    }
}
