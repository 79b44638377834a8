package dev.webhooker.signin;

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
 * Spring Security reads who is signed in from the session cookie and {@code session:{id}} in our KV instead
 * of an HttpSession (Spring Session's keys would not be the seed's layout). Saving is a no-op: a session
 * is started only by a completed sign-in ({@link SignInSuccessHandler}), never as a side effect.
 */
final class KvSessionContextRepository implements SecurityContextRepository {

    private final AdminSessions sessions;

    KvSessionContextRepository(AdminSessions sessions) {
        this.sessions = sessions;
    }

    @Override
    public DeferredSecurityContext loadDeferredContext(HttpServletRequest request) {
        Supplier<SecurityContext> load = () -> {
            SecurityContext context = SecurityContextHolder.createEmptyContext();
            SessionCookie.read(request)
                    .flatMap(sessions::find)
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
        return SessionCookie.read(request).flatMap(sessions::find).isPresent();
    }

    static SecurityContext contextOf(SignedIn authentication) {
        return new SecurityContextImpl(authentication);
    }
}
