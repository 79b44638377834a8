package dev.webhooker.signin;

import java.io.IOException;
import java.time.Instant;
import java.util.Optional;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

import dev.webhooker.access.SessionUser;

/**
 * Authentication of the user actions API {@code /api/*}: {@code Authorization:
 * Bearer <token>}, either a webhooker API token ({@code wht_…}, see {@link ApiTokens}; its scopes go on the
 * request), or as in the original a GitHub token, looked up by its SHA-256 in {@code token-reverse:} and
 * valid only while it is the user's current stored token. 401 {@code Missing authorization}, {@code Invalid or expired token} or
 * {@code Not authorized}; otherwise the request runs as that user. {@code /api/richheader} is the one public page.
 */
final class BearerTokenFilter extends OncePerRequestFilter {

    private static final String PREFIX = "Bearer ";
    /** Public: Telegram fetches this avatar card page without any token (its links are signed instead). */
    static final String RICH_HEADER = "/api/richheader";

    private final TokenVault tokens;
    private final ApiTokens apiTokens;

    BearerTokenFilter(TokenVault tokens, ApiTokens apiTokens) {
        this.tokens = tokens;
        this.apiTokens = apiTokens;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !request.getRequestURI().startsWith("/api/") || request.getRequestURI().equals(RICH_HEADER);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
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
}
