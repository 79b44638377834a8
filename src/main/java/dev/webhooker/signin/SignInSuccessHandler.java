package dev.webhooker.signin;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.user.OAuth2User;
import org.springframework.security.web.authentication.AuthenticationSuccessHandler;

import dev.webhooker.access.Access;
import dev.webhooker.access.SessionUser;
import dev.webhooker.audit.AuditEntry;
import dev.webhooker.audit.AuditLog;

/**
 * After GitHub confirmed who the user is: a browser gets a session when they have access, when self-signup
 * gives them a personal group, or an invite-only session when they are on their way to accept a live invite
 * ({@link InviteLinks}); otherwise {@code /admin?error=forbidden}. A script (no {@code text/html} in Accept)
 * gets {@code {userId, login, redirectTo}} and no session. GitHub's token is kept ({@link DeferredTokenSave})
 * only for a full session, a script of a user with access and a chat link: a refused sign-in stores nothing,
 * and an invite-only session leaves no token that {@code /api/*} would take.
 * Every sign-in starts a new session id, and a session the browser already had is ended (fixation).
 * A chat link's sign-in ends on its confirmation page ({@link ChatLinkFlow}) and starts no session.
 */
final class SignInSuccessHandler implements AuthenticationSuccessHandler {

    private static final Logger LOG = LoggerFactory.getLogger(SignInSuccessHandler.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final AdminSessions sessions;
    private final SessionCookie cookies;
    private final RequestAccess access;
    private final SelfSignup selfSignup;
    private final AuditLog audit;
    private final ChatLinkFlow links;
    private final TokenVault tokens;
    private final InviteLinks invites;

    SignInSuccessHandler(AdminSessions sessions, SessionCookie cookies, RequestAccess access, SelfSignup selfSignup, AuditLog audit,
                         ChatLinkFlow links, TokenVault tokens, InviteLinks invites) {
        this.links = links;
        this.sessions = sessions;
        this.cookies = cookies;
        this.access = access;
        this.selfSignup = selfSignup;
        this.audit = audit;
        this.tokens = tokens;
        this.invites = invites;
    }

    @Override
    public void onAuthenticationSuccess(HttpServletRequest request, HttpServletResponse response, Authentication authentication)
            throws IOException {
        OAuth2User github = (OAuth2User) authentication.getPrincipal();
        SessionUser user = new SessionUser(String.valueOf((Object) github.getAttribute("id")), String.valueOf((Object) github.getAttribute("login")));
        PendingSignIn pending = (PendingSignIn) request.getAttribute(KvAuthorizationRequests.PENDING_ATTRIBUTE);
        String redirectTo = pending == null ? RedirectTarget.DEFAULT : pending.redirectTo();
        String ip = request.getRemoteAddr();

        if (pending != null && pending.linkFlow()) {
            // the chat commands act on GitHub with this token once the link is confirmed
            DeferredTokenSave.keep(request, tokens);
            links.offer(user, pending.link(), response);
            return;
        }
        Access scope = access.resolve(user);
        if (!AuthAnswers.wantsHtml(request)) {
            if (scope.hasAnyAccess()) {
                DeferredTokenSave.keep(request, tokens);
            }
            Map<String, String> body = new LinkedHashMap<>();
            body.put("userId", user.userId());
            body.put("login", user.login());
            body.put("redirectTo", redirectTo);
            response.setContentType(MediaType.APPLICATION_JSON_VALUE);
            JSON.writeValue(response.getOutputStream(), body);
            return;
        }
        boolean inviteFlow = pending != null && pending.inviteFlow() && invites.leadsToValidInvite(redirectTo);
        if (!scope.hasAnyAccess() && !inviteFlow && selfSignup.createPersonalGroup(user, ip)) {
            scope = access.resolve(user);
        }
        if (!scope.hasAnyAccess() && !inviteFlow) {
            LOG.info("sign-in of @{} ({}) refused: no group has them as a member", user.login(), user.userId());
            audit.record(AuditEntry.of("session.denied").actor(user.userId(), user.login()).ip(ip));
            response.sendRedirect("/admin?error=forbidden");
            return;
        }
        boolean inviteOnly = !scope.hasAnyAccess();
        if (!inviteOnly) {
            DeferredTokenSave.keep(request, tokens);
        }
        SessionCookie.read(request).ifPresent(sessions::end);
        cookies.set(response, sessions.start(user, inviteOnly));
        audit.record(AuditEntry.of("session.login").actor(user.userId(), user.login())
                .detail(inviteOnly ? "{\"inviteOnly\":true}" : null).ip(ip));
        response.sendRedirect(redirectTo);
    }
}
