package dev.webhooker.store;

/**
 * A write refused because it would take one tenant over its own limit (MAX_ROUTES_PER_GROUP,
 * MAX_GROUPS_PER_USER, MAX_INVITES_PER_GROUP): the message says what is full, {@link #setting()} names the
 * setting an operator raises it with.
 */
public class TenantLimitException extends RuntimeException {

    private final String setting;
    private final int limit;

    public TenantLimitException(String message, String setting, int limit) {
        super(message, null, false, false);
        this.setting = setting;
        this.limit = limit;
    }

    /** A group already holds {@code limit} routes. */
    public static TenantLimitException routesPerGroup(String groupId, int limit) {
        return new TenantLimitException("group \"" + groupId + "\" may hold at most " + limit + " routes (MAX_ROUTES_PER_GROUP)",
                "MAX_ROUTES_PER_GROUP", limit);
    }

    /** A user already owns {@code limit} groups. */
    public static TenantLimitException groupsPerUser(String userId, int limit) {
        return new TenantLimitException("user " + userId + " already owns " + limit + " groups, the most a user may create "
                + "(MAX_GROUPS_PER_USER)", "MAX_GROUPS_PER_USER", limit);
    }

    /** A group already has {@code limit} pending invites. */
    public static TenantLimitException invitesPerGroup(String groupId, int limit) {
        return new TenantLimitException("group \"" + groupId + "\" may have at most " + limit + " pending invites "
                + "(MAX_INVITES_PER_GROUP); revoke one first", "MAX_INVITES_PER_GROUP", limit);
    }

    /** The environment variable that sets the limit. */
    public String setting() {
        return setting;
    }

    public int limit() {
        return limit;
    }
}
