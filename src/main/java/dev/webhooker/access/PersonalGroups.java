package dev.webhooker.access;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Self-signup gives user {@code N} the group {@code u-N}. That id belongs to user N only: whoever else took it
 * first (by creating or renaming a group) would be the one user N's events go to and the group N is refused
 * from, so no one else may create a group under it or rename one to it.
 */
public final class PersonalGroups {

    private static final Pattern PERSONAL = Pattern.compile("u-([0-9]+)");

    private PersonalGroups() {
    }

    /** The personal group id of {@code user}. */
    public static String idOf(SessionUser user) {
        return "u-" + user.userId();
    }

    /** The user id a personal group id belongs to; empty for any other id. */
    public static Optional<String> userOf(String groupId) {
        if (groupId == null) {
            return Optional.empty();
        }
        Matcher matcher = PERSONAL.matcher(groupId);
        return matcher.matches() ? Optional.of(matcher.group(1)) : Optional.empty();
    }

    /** Whether {@code groupId} is the personal group id of a user other than {@code user}. */
    public static boolean reservedForAnother(String groupId, SessionUser user) {
        return userOf(groupId).filter(owner -> !owner.equals(user.userId())).isPresent();
    }
}
