package dev.webhooker.chat.discord;

import java.math.BigInteger;

/**
 * The permission bit set Discord sends with an interaction ({@code member.permissions}: the member's permissions in the
 * channel of the interaction, overwrites included), as a decimal string.
 */
final class ChannelPermissions {

    static final long ADMINISTRATOR = 1L << 3;
    static final long MANAGE_CHANNELS = 1L << 4;
    static final long MANAGE_WEBHOOKS = 1L << 29;
    private static final BigInteger MAY_CLAIM = BigInteger.valueOf(ADMINISTRATOR | MANAGE_CHANNELS | MANAGE_WEBHOOKS);

    private ChannelPermissions() {
    }

    /** Whether the member may let a group post in the channel: Administrator, Manage Channels or Manage Webhooks. */
    static boolean mayClaim(String permissions) {
        if (permissions == null || permissions.isEmpty() || !permissions.chars().allMatch(Character::isDigit) || permissions.length() > 40) {
            return false;
        }
        return new BigInteger(permissions).and(MAY_CLAIM).signum() != 0;
    }
}
