package dev.webhooker.routing;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which chats accept which group's messages. One bot serves every group, so a target naming a chat is not enough:
 * the chat must have consented to that group ({@link ChatClaim}). A consent covers the place a message lands —
 * a Discord thread is its own channel and needs its own claim; a Telegram chat's topics are the chat's. URL targets
 * (webhooks, Slack incoming webhooks, Teams) need none: whoever holds the URL may post to it.
 */
public final class ChatConsent {

    private static final ChatConsent NONE = new ChatConsent(List.of());

    private final List<ChatClaim> claims;
    private final Set<String> keys = new HashSet<>();

    private ChatConsent(Collection<ChatClaim> claims) {
        this.claims = List.copyOf(claims);
        for (ChatClaim claim : this.claims) {
            keys.add(key(claim.groupId(), claim.platform(), claim.chatId()));
            if (claim.chatName() != null) {
                keys.add(key(claim.groupId(), claim.platform(), "@" + claim.chatName()));
            }
        }
    }

    public static ChatConsent none() {
        return NONE;
    }

    public static ChatConsent of(Collection<ChatClaim> claims) {
        return claims.isEmpty() ? NONE : new ChatConsent(claims);
    }

    public List<ChatClaim> claims() {
        return claims;
    }

    /** The claims of one group, in stored order. */
    public List<ChatClaim> claimsOf(String groupId) {
        return claims.stream().filter(c -> c.groupId().equals(groupId)).toList();
    }

    /** Whether {@code groupId}'s messages may go to {@code target}. */
    public boolean allows(String groupId, Target target) {
        Optional<Chat> chat = chatOf(target);
        return chat.isEmpty() || keys.contains(key(groupId, chat.get().platform(), chat.get().id()));
    }

    /**
     * The chat a target's messages land in, when the target is a chat of a bot (Discord, Telegram, the Slack bot);
     * empty for a URL target, which needs no consent.
     */
    public static Optional<Chat> chatOf(Target target) {
        if (target == null || target.platform() == null || target.webhook() != null) {
            return Optional.empty();
        }
        return switch (target.platform()) {
            case DISCORD -> Optional.of(new Chat(Target.Platform.DISCORD,
                    blank(target.threadId()) ? target.channelId() : target.threadId()));
            case TELEGRAM -> Optional.of(new Chat(Target.Platform.TELEGRAM, telegramId(target.chatId())));
            case SLACK -> Optional.of(new Chat(Target.Platform.SLACK, target.channelId()));
            case WEBHOOK, TEAMS -> Optional.empty();
        };
    }

    /** A chat of a bot: its platform and id (a Telegram {@code @name} in its normal form). */
    public record Chat(Target.Platform platform, String id) {
    }

    private static String telegramId(String chatId) {
        return chatId != null && chatId.startsWith("@") ? "@" + ChatClaim.normalName(chatId) : chatId;
    }

    private static String key(String groupId, Target.Platform platform, String chatId) {
        return groupId + '\u0000' + platform.wireName() + '\u0000' + (platform == Target.Platform.TELEGRAM ? telegramId(chatId) : chatId);
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ChatConsent that && claims.equals(that.claims);
    }

    @Override
    public int hashCode() {
        return claims.hashCode();
    }
}
