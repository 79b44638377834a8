package dev.webhooker.routing;

import java.util.Locale;

/**
 * A chat's consent to take messages from one group: the group, the chat (its platform's name and the chat's id), the
 * chat's public name where it has one (an {@code @username}, so that a target written as {@code @name} is matched), how the consent was given ({@link Via}) and by whom.
 */
public record ChatClaim(String groupId, String platform, String chatId, String chatName, Via via, String grantedBy,
                        long createdAt) {

    /** How a chat came to accept a group's messages. */
    public enum Via {
        /** {@code /gh claim <code>} typed in the chat by someone who administers it. */
        CHAT,
        /** A super admin approved it, or wrote a target to it, in the console or the admin API. */
        OPERATOR,
        /** The config file names it as a target of the group. */
        CONFIG_FILE,
        /** A WebHooker import named it as a target of the group. */
        IMPORT,
        /** It was a target of the group before chats had to consent (kept as it was by the upgrade). */
        UPGRADE;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public static Via fromWire(String value) {
            return valueOf(value.toUpperCase(Locale.ROOT).replace('-', '_'));
        }
    }

    public ChatClaim {
        chatName = chatName == null || chatName.isBlank() ? null : normalName(chatName);
    }

    /** A public {@code @name} without its {@code @}, lower-cased: such names (Telegram's) are case-insensitive. */
    public static String normalName(String name) {
        String bare = name.startsWith("@") ? name.substring(1) : name;
        return bare.toLowerCase(Locale.ROOT);
    }
}
