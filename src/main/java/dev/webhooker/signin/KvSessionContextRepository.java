package dev.webhooker.signin;

import java.util.Set;
import java.util.function.Supplier;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextImpl;
import org.springframework.security.core.context.DeferredSecurityContext;
import org.springframework.security.web.context.HttpRequestResponseHolder;
import org.springframework.security.web.context.SecurityContextRepository;

/**
 * Spring Security reads who is signed in from the session cookie and {@code session:{sha256(id)}} in our KV
 * instead of an HttpSession (Spring Session's keys would not be the seed's layout). Saving is a no-op: a
 * session is started only by a completed sign-in ({@link SignInSuccessHandler}), never as a side effect.
 *
 * <p>A session started only to accept an invite signs its user in on the invite pages and logout alone;
 * everywhere else (the admin API, the install flow, token revocation) it counts as no session, until its user
 * has access (the invite accepted): then it becomes a full session.
 */
final class KvSessionContextRepository implements SecurityContextRepository {

    /** What an invite-only session may reach. */
    static final Set<String> INVITE_PATHS = Set.of("/admin/invite", "/admin/invite/accept", "/admin/logout");

    private final AdminSessions sessions;
    private final RequestAccess access;

    KvSessionContextRepository(AdminSessions sessions, RequestAccess access) {
        this.sessions = sessions;
        this.access = access;
    }

    @Override
    public DeferredSecurityContext loadDeferredContext(HttpServletRequest request) {
        Supplier<SecurityContext> load = () -> {
            SecurityContext context = SecurityContextHolder.createEmptyContext();
            SessionCookie.read(request)
                    .flatMap(sessions::find)
                    .filter(session -> usable(session, request))
                    .ifPresent(session -> context.setAuthentication(new SignedIn(session.user(), session.id())));
            return context;
        };
        return new DeferredSecurityContext() {
            private SecurityContext loaded;

            @Override
            public SecurityContext get() {
                if (loaded == null) {
                    loaded = load.get();
                }
                return loaded;
            }

            @Override
            public boolean isGenerated() {
                return get().getAuthentication() == null;
            }
        };
    }

    @Override
    @Deprecated
    public SecurityContext loadContext(HttpRequestResponseHolder holder) {
        return loadDeferredContext(holder.getRequest()).get();
    }

    @Override
    public void saveContext(SecurityContext context, HttpServletRequest request, HttpServletResponse response) {
        // sessions are started explicitly at sign-in
    }

    @Override
    public boolean containsContext(HttpServletRequest request) {
        return SessionCookie.read(request).flatMap(sessions::find).filter(session -> usable(session, request)).isPresent();
    }

    /** A full session everywhere; an invite-only one on the invite pages, or once its user has access. */
    private boolean usable(AdminSessions.AdminSession session, HttpServletRequest request) {
        if (!session.inviteOnly()) {
            return true;
        }
        String path = request.getRequestURI().substring(request.getContextPath().length());
        if (INVITE_PATHS.contains(path)) {
            return true;
        }
        if (access.resolve(session.user()).hasAnyAccess()) {
            sessions.lift(session);
            return true;
        }
        return false;
    }

    static SecurityContext contextOf(SignedIn authentication) {
        return new SecurityContextImpl(authentication);
    }
}
