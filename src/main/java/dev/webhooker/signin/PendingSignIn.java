package dev.webhooker.signin;

import java.util.List;

/**
 * A sign-in between {@code /auth/github} and the callback, as kept in KV {@code state:{hex}} (600 s, single
 * use). The seed's fields ({@code redirectTo}, {@code expiresAt}) plus ours: the SHA-256 of the nonce
 * cookie that binds it to the browser that started it, the PKCE verifier and the scopes asked for, and for a
 * chat link the {@link LinkRequests} token (with the seed's {@code discordUserId} / {@code telegramUserId}).
 */
record PendingSignIn(String state, String redirectTo, long expiresAt, String browserHash, String codeVerifier,
                     List<String> scopes, String link) {

    PendingSignIn {
        scopes = scopes == null ? List.of() : List.copyOf(scopes);
    }

    /** A sign-in that links a chat account: it ends on the confirmation page, never in a console session. */
    boolean linkFlow() {
        return link != null;
    }

    /**
     * A sign-in whose target is the invite page: without access it may get an invite-only session, so the
     * invite can be accepted, when the invite is a live one ({@link InviteLinks}).
     */
    boolean inviteFlow() {
        return redirectTo.startsWith("/admin/invite");
    }
}
