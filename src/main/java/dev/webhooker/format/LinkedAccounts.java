package dev.webhooker.format;

import java.util.Map;

/**
 * The chat accounts a GitHub user linked (with {@code /gh login}), by platform name ({@code discord}, {@code telegram}):
 * a message mentions the person it asks to act there too, when the group's {@code people} do not say otherwise.
 */
public interface LinkedAccounts {

    /** The accounts of the GitHub user with this numeric id; none when they linked none. */
    Map<String, String> of(String githubUserId);

    /** No account is linked (tests, and formatting where no database is asked). */
    static LinkedAccounts none() {
        return githubUserId -> Map.of();
    }
}
