package dev.webhooker.signin;

import java.util.List;

import org.springframework.security.authentication.AbstractAuthenticationToken;

import dev.webhooker.access.SessionUser;

/**
 * The authentication of a request made with a console session cookie, or with a GitHub token on
 * {@code /api/*} ({@code sessionId} is then null). It carries no authorities: roles come from the
 * configuration at each request (see {@link RequestAccess}).
 */
public final class SignedIn extends AbstractAuthenticationToken {

    private final SessionUser user;
    private final String sessionId;

    SignedIn(SessionUser user, String sessionId) {
        super(List.of());
        this.user = user;
        this.sessionId = sessionId;
        setAuthenticated(true);
    }

    public SessionUser user() {
        return user;
    }

    /** The console session, or null for a bearer-token call. */
    public String sessionId() {
        return sessionId;
    }

    @Override
    public Object getCredentials() {
        return "";
    }

    @Override
    public Object getPrincipal() {
        return user;
    }

    @Override
    public String getName() {
        return user.userId();
    }
}
