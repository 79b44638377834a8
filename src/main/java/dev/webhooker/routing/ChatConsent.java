package dev.webhooker.routing;

import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which chats accept which group's messages. One bot serves every group, so a target naming a chat is not enough:
 * the chat must have consented to that group ({@link ChatClaim}). A consent covers the place a message lands, as the
 * target's platform says ({@link Target#consentChat()}): a thread that is its own channel needs its own claim, the
 * topics of a chat are the chat's. URL targets need none: whoever holds the URL may post to it.
 */
public final class ChatConsent {

    private static final ChatConsent NONE = new ChatConsent(List.of());

    private final List<ChatClaim> claims;
    private final Set<GroupChat> keys = new HashSet<>();

    private ChatConsent(Collection<ChatClaim> claims) {
        this.claims = List.copyOf(claims);
        for (ChatClaim claim : this.claims) {
            keys.add(new GroupChat(claim.groupId(), new Chat(claim.platform(), normalId(claim.chatId()))));
            if (claim.chatName() != null) {
                keys.add(new GroupChat(claim.groupId(), new Chat(claim.platform(), "@" + claim.chatName())));
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
        return chat.isEmpty() || keys.contains(new GroupChat(groupId, chat.get()));
    }

    /** The chats a group's log target and its routes' targets name, each once: what an operator's write grants. */
    public static Set<GroupChat> named(List<Group> groups, List<Route> routes) {
        Set<GroupChat> named = new LinkedHashSet<>();
        for (Group g : groups) {
            chatOf(g.logTarget()).ifPresent(chat -> named.add(new GroupChat(g.id(), chat)));
        }
        for (Route r : routes) {
            r.targets().forEach(t -> chatOf(t).ifPresent(chat -> named.add(new GroupChat(r.groupId(), chat))));
        }
        return named;
    }

    /**
     * The chat a target's messages land in, when the target is a chat of a bot; empty for a URL target, which needs no
     * consent.
     */
    public static Optional<Chat> chatOf(Target target) {
        if (target == null) {
            return Optional.empty();
        }
        return target.consentChat().map(id -> new Chat(target.platform(), normalId(id)));
    }

    /** A chat of a bot: its platform and id (a public {@code @name} in its normal form). */
    public record Chat(String platform, String id) {
    }

    /** A chat as one group names it (the key of a claim). */
    public record GroupChat(String groupId, Chat chat) {
    }

    /** A chat's public {@code @name} (Telegram's are case-insensitive) in one form; a numeric id as it is. */
    private static String normalId(String chatId) {
        return chatId != null && chatId.startsWith("@") ? "@" + ChatClaim.normalName(chatId) : chatId;
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
