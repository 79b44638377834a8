package dev.webhooker.platform.telegram;

import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.webhooker.routing.Target;

/**
 * A Telegram chat (a number, or a public {@code @username}), or a topic in it ({@code topicId}); with {@code threads},
 * a pull request's or issue's later messages reply to its first one, or, in a forum supergroup, go into the topic its
 * first message opens.
 */
public record TelegramTarget(String chatId, String topicId,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean threads) implements Target {

    public static final String PLATFORM = "telegram";

    /** A chat or topic where every message is posted as it comes. */
    public TelegramTarget(String chatId, String topicId) {
        this(chatId, topicId, false);
    }

    @Override
    public String platform() {
        return PLATFORM;
    }

    /** {@code chat[/topic]}. */
    @Override
    public String id() {
        return chatId + (topicId == null || topicId.isEmpty() ? "" : "/" + topicId);
    }

    @Override
    public boolean editsInPlace() {
        return true;
    }

    /** A chat's topics are the chat's: the chat consents for all of them. */
    @Override
    public Optional<String> consentChat() {
        return Optional.of(chatId == null ? "" : chatId);
    }

    @Override
    public String toString() {
        return "Target[telegram " + id() + "]";
    }
}
