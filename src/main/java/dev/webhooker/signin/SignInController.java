package dev.webhooker.signin;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;

import dev.webhooker.audit.AuditEntry;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.github.GithubClient;

/**
 * The sign-in endpoints that are not part of Spring's OAuth flow: {@code GET /admin/login},
 * {@code POST /admin/logout}, {@code DELETE /auth/token/{userId}}, {@code POST /auth/link/confirm}, and
 * {@code GET /auth/github} when Spring did not answer it with the redirect to GitHub.
 */
@RestController
class SignInController {

    private static final Logger LOG = LoggerFactory.getLogger(SignInController.class);

    private final AdminSessions sessions;
    private final SessionCookie cookies;
    private final RequestAccess access;
    private final TokenVault tokens;
    private final GithubClient github;
    private final AuditLog audit;
    private final ClientRegistrationRepository registrations;
    private final ChatLinkFlow chatLinks;

    SignInController(AdminSessions sessions, SessionCookie cookies, RequestAccess access, TokenVault tokens,
                     GithubClient github, AuditLog audit, ClientRegistrationRepository registrations,
                     ChatLinkFlow chatLinks) {
        this.registrations = registrations;
        this.chatLinks = chatLinks;
        this.sessions = sessions;
        this.cookies = cookies;
        this.access = access;
        this.tokens = tokens;
        this.github = github;
        this.audit = audit;
    }

    /** Straight to GitHub; {@code redirect} (a path on this service) is where the browser comes back to. */
    @GetMapping("/admin/login")
    void login(@RequestParam(name = "redirect", required = false) String redirect, HttpServletResponse response) throws IOException {
        response.sendRedirect(GithubAuthorizationRequests.START_PATH + "?redirect="
                + URLEncoder.encode(RedirectTarget.sanitize(redirect), StandardCharsets.UTF_8));
    }

    /** Reached only when Spring did not start a sign-in: GitHub is not configured, or a chat link is unknown or expired. */
    @GetMapping(GithubAuthorizationRequests.START_PATH)
    void notStarted(@RequestParam(name = "link", required = false) String link, HttpServletRequest request,
                    HttpServletResponse response) throws IOException {
        if (registrations.findByRegistrationId(GithubSignIn.REGISTRATION_ID) == null) {
            AuthAnswers.error(request, response, 503, "Sign-in is not configured: set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET");
            return;
        }
        if (link != null) {
            AuthAnswers.page(response, 410, "Link expired", "This link has expired or was already used. Send /gh login again.");
            return;
        }
        AuthAnswers.error(request, response, 400, "Sign-in could not start");
    }

    /** The confirmation of a chat link, from the page the link's sign-in ended on. */
    @PostMapping(ChatLinkFlow.CONFIRM_PATH)
    void confirmLink(@RequestParam(name = "confirmation", required = false) String confirmation, HttpServletResponse response)
            throws IOException {
        chatLinks.confirm(confirmation, response);
    }

    /** A POST, so another site cannot sign a browser out; the Origin check applies. */
    @PostMapping("/admin/logout")
    void logout(HttpServletRequest request, HttpServletResponse response) throws IOException {
        RequestAccess.sessionCaller().ifPresent(caller -> {
            audit.record(AuditEntry.of("session.logout").actor(caller.user().userId(), caller.user().login()).ip(request.getRemoteAddr()));
            sessions.end(caller.sessionId());
        });
        cookies.clear(response);
        response.sendRedirect("/admin");
    }

    /** Super admins may revoke anyone's token, others only their own; GitHub is told to revoke it too. */
    @DeleteMapping("/auth/token/{userId}")
    ResponseEntity<Map<String, Object>> revoke(@PathVariable String userId, HttpServletRequest request) {
        var caller = RequestAccess.sessionCaller();
        if (caller.isEmpty()) {
            return ResponseEntity.status(401).body(Map.of("error", "Unauthorized"));
        }
        var user = caller.get().user();
        if (!user.userId().equals(userId) && !access.isSuperAdmin(user)) {
            return ResponseEntity.status(403).body(Map.of("error", "Forbidden"));
        }
        tokens.read(userId).ifPresent(token -> revokeAtGithub(token.accessToken()));
        tokens.remove(userId);
        audit.record(AuditEntry.of("token.delete").actor(user.userId(), user.login()).target("token", userId).ip(request.getRemoteAddr()));
        LOG.info("GitHub token of user {} revoked by @{}", userId, user.login());
        return ResponseEntity.ok(Map.of("ok", true));
    }

    /** Best effort, as the OAuth app; without GITHUB_CLIENT_ID and _SECRET there is no app to ask as, and no call. */
    private void revokeAtGithub(String accessToken) {
        ClientRegistration app = registrations.findByRegistrationId(GithubSignIn.REGISTRATION_ID);
        if (app != null) {
            github.revokeToken(app.getClientId(), app.getClientSecret(), accessToken);
        }
    }
}
