package dev.webhooker.signin;

import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

import dev.webhooker.access.Access;
import dev.webhooker.access.ScopeResolver;
import dev.webhooker.access.SessionUser;
import dev.webhooker.routing.ConfigSnapshots;

/**
 * The caller of the current request and their scope, resolved once per request against the configuration
 * in force (and kept on the request, so every check of one request sees the same roles).
 */
public final class RequestAccess {

    private static final String ATTRIBUTE = RequestAccess.class.getName();

    private final ScopeResolver resolver;
    private final ConfigSnapshots snapshots;

    public RequestAccess(ScopeResolver resolver, ConfigSnapshots snapshots) {
        this.resolver = resolver;
        this.snapshots = snapshots;
    }

    /** The signed-in caller, if any. */
    public static Optional<SignedIn> caller() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication instanceof SignedIn signedIn ? Optional.of(signedIn) : Optional.empty();
    }

    /** The caller when they came with a console session (not with a bearer token on /api/*). */
    public static Optional<SignedIn> sessionCaller() {
        return caller().filter(signedIn -> signedIn.sessionId() != null);
    }

    /** The caller's scope; empty when nobody is signed in. */
    public Optional<Access> of(HttpServletRequest request) {
        Optional<SignedIn> caller = caller();
        if (caller.isEmpty()) {
            return Optional.empty();
        }
        Object cached = request.getAttribute(ATTRIBUTE);
        if (cached instanceof Access access && access.user().equals(caller.get().user())) {
            return Optional.of(access);
        }
        Access access = resolve(caller.get().user());
        request.setAttribute(ATTRIBUTE, access);
        return Optional.of(access);
    }

    /** A user's scope now (at sign-in, before a request carries them). */
    public Access resolve(SessionUser user) {
        return resolver.resolve(user, snapshots.current().groups());
    }

    public boolean isSuperAdmin(SessionUser user) {
        return resolver.isSuperAdmin(user);
    }
}
