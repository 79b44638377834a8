package dev.webhooker.access;

import java.util.Objects;

/**
 * Who is signed in: the numeric GitHub user id (as text, the identity) and the login (for display and for
 * members that are not pinned to an id).
 */
public record SessionUser(String userId, String login) {

    public SessionUser {
        Objects.requireNonNull(userId, "userId");
        Objects.requireNonNull(login, "login");
    }
}
