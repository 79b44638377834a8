package dev.webhooker.actions;

import java.util.Optional;

/** The stored GitHub tokens actions run with (the sign-in's token vault, refreshed when expired). */
interface UserTokens {

    /** The user's working access token; empty when they must sign in (or link) again. */
    Optional<String> accessToken(String githubUserId);

    /** GitHub answered 401 to the user's token: forget it. */
    void rejected(String githubUserId);

    /** The login stored with the token, for audit entries and replies; the id when none is known. */
    String login(String githubUserId);
}
