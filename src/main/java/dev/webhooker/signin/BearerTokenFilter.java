package dev.webhooker.signin;

import java.io.IOException;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

import dev.webhooker.access.SessionUser;

/**
 * Authentication of the admin API {@code /admin/api/*} by an API token ({@link #forAdminApi}), and of the user actions
 * API {@code /api/*}: {@code Authorization: Bearer <token>}, either a webhooker API token ({@code wht_…}, see {@link ApiTokens}; its scopes go on the
 * request), or as in the original a GitHub token, looked up by its SHA-256 in {@code token-reverse:} and
 * valid only while it is the user's current stored token. 401 {@code Missing authorization}, {@code Invalid or expired token} or
 * {@code Not authorized}; otherwise the request runs as that user. {@code /api/richheader} is the one public page.
 */
final class BearerTokenFilter extends OncePerRequestFilter {

    private static final String PREFIX = "Bearer ";
    /** Public: Telegram fetches this avatar card page without any token (its links are signed instead). */
    static final String RICH_HEADER = "/api/richheader";
    /** Set on a request an API token let into the admin API. */
    private static final String ADMIN_TOKEN_ATTRIBUTE = BearerTokenFilter.class.getName() + ".admin";

    private final TokenVault tokens;
    private final ApiTokens apiTokens;

    BearerTokenFilter(TokenVault tokens, ApiTokens apiTokens) {
        this.tokens = tokens;
        this.apiTokens = apiTokens;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI();
        if (path.startsWith("/admin/api/")) {
            // a console session (a cookie) goes on as before; only a request that names a bearer is this filter's
            return !bearer(request);
        }
        return !path.startsWith("/api/") || path.equals(RICH_HEADER);
    }

    /** Whether the request carries {@code Authorization: Bearer …}, which a browser never adds to a cross-site request. */
    static boolean bearer(HttpServletRequest request) {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        return header != null && header.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
    }

    /** Whether this request was let into the admin API by an API token (not a console session). */
    static boolean adminToken(HttpServletRequest request) {
        return Boolean.TRUE.equals(request.getAttribute(ADMIN_TOKEN_ATTRIBUTE));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getRequestURI().startsWith("/admin/api/")) {
            forAdminApi(request, response, chain);
            return;
        }
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header == null || !header.startsWith(PREFIX) || header.length() == PREFIX.length()) {
            AuthAnswers.json(response, 401, "Missing authorization");
            return;
        }
        String token = header.substring(PREFIX.length());
        if (token.startsWith(ApiTokens.PREFIX)) {
            Optional<ApiTokens.Token> issued = apiTokens.authenticate(token);
            if (issued.isEmpty()) {
                AuthAnswers.json(response, 401, "Invalid or expired token");
                return;
            }
            request.setAttribute(ApiTokens.SCOPES_ATTRIBUTE, issued.get().scopes());
            SessionUser user = new SessionUser(issued.get().userId(), issued.get().login());
            SecurityContextHolder.setContext(KvSessionContextRepository.contextOf(new SignedIn(user, null)));
            chain.doFilter(request, response);
            return;
        }
        Optional<TokenVault.StoredToken> stored = tokens.findByAccessToken(token);
        if (stored.isEmpty()) {
            AuthAnswers.json(response, 401, "Invalid or expired token");
            return;
        }
        if (stored.get().expiresAt().isBefore(Instant.now())) {
            AuthAnswers.json(response, 401, "Not authorized");
            return;
        }
        TokenVault.StoredToken caller = stored.get();
        SessionUser user = new SessionUser(caller.userId(), caller.login() == null ? caller.userId() : caller.login());
        SecurityContextHolder.setContext(KvSessionContextRepository.contextOf(new SignedIn(user, null)));
        chain.doFilter(request, response);
    }

    /**
     * The admin API with {@code Authorization: Bearer wht_…}: an API token with {@code admin:read} reads (GET, HEAD, and
     * the dry run), one with {@code admin:write} also changes; either acts as its user, with that user's roles, so a
     * token never reaches more than its user could. Tokens themselves are managed from a console session only. 401 for a token
     * that is not a live API token (a GitHub token is not one here), 403 for a missing scope.
     */
    private void forAdminApi(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String token = request.getHeader(HttpHeaders.AUTHORIZATION).substring(PREFIX.length()).trim();
        Optional<ApiTokens.Token> issued = token.startsWith(ApiTokens.PREFIX) ? apiTokens.authenticate(token) : Optional.empty();
        if (issued.isEmpty()) {
            AuthAnswers.json(response, 401, "Invalid or expired token");
            return;
        }
        // a dry run is a POST that changes nothing
        boolean reads = "GET".equals(request.getMethod()) || "HEAD".equals(request.getMethod())
                || "POST".equals(request.getMethod()) && request.getRequestURI().equals("/admin/api/dry-run");
        Set<String> scopes = issued.get().scopes();
        boolean allowed = scopes.contains(ApiTokens.ADMIN_WRITE) || reads && scopes.contains(ApiTokens.ADMIN_READ);
        if (!allowed) {
            AuthAnswers.json(response, 403, "This token lacks the " + (reads ? ApiTokens.ADMIN_READ + " or " : "")
                    + ApiTokens.ADMIN_WRITE + " scope");
            return;
        }
        request.setAttribute(ApiTokens.SCOPES_ATTRIBUTE, scopes);
        request.setAttribute(ADMIN_TOKEN_ATTRIBUTE, true);
        SessionUser user = new SessionUser(issued.get().userId(), issued.get().login());
        SecurityContextHolder.setContext(KvSessionContextRepository.contextOf(new SignedIn(user, null)));
        chain.doFilter(request, response);
    }
}
