package dev.webhooker.signin;

import java.io.IOException;
import java.net.URI;
import java.util.Locale;
import java.util.Set;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * CSRF protection for {@code /admin} and {@code /auth}: a request that changes something (any method but
 * GET, HEAD and OPTIONS) must say it comes from this service, with an Origin header equal to BASE_URL's
 * origin, or to the request's own when BASE_URL is not set. Without Origin, the Referer's origin counts;
 * with neither the request is refused (403). Browsers send Origin on every cross-site write, so a page
 * elsewhere cannot make a signed-in browser act, whatever the content type.
 */
final class OriginCheck extends OncePerRequestFilter {

    private static final Set<String> SAFE = Set.of("GET", "HEAD", "OPTIONS");

    private final String configuredOrigin;

    OriginCheck(String baseUrl) {
        this.configuredOrigin = baseUrl == null || baseUrl.isBlank() ? null : origin(baseUrl.trim());
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI();
        boolean guarded = path.startsWith("/admin") || path.startsWith("/auth");
        // a script's call to the admin API with a bearer token carries no cookie a forged page could ride on
        boolean withToken = path.startsWith("/admin/api/") && BearerTokenFilter.bearer(request);
        return !guarded || withToken || SAFE.contains(request.getMethod());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String expected = configuredOrigin != null ? configuredOrigin : ownOrigin(request);
        String origin = request.getHeader(HttpHeaders.ORIGIN);
        String claimed = origin != null ? origin(origin) : referrerOrigin(request.getHeader(HttpHeaders.REFERER));
        if (claimed == null || !claimed.equals(expected)) {
            AuthAnswers.json(response, 403, claimed == null
                    ? "Cross-site request refused: no Origin header"
                    : "Cross-site request refused: Origin " + claimed + " is not " + expected);
            return;
        }
        chain.doFilter(request, response);
    }

    private static String ownOrigin(HttpServletRequest request) {
        String scheme = request.getScheme().toLowerCase(Locale.ROOT);
        int port = request.getServerPort();
        boolean defaultPort = ("http".equals(scheme) && port == 80) || ("https".equals(scheme) && port == 443);
        return scheme + "://" + request.getServerName().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port);
    }

    private static String referrerOrigin(String referer) {
        return referer == null ? null : origin(referer);
    }

    /** {@code scheme://host[:port]} in lower case, the default port left out; null when it is not an http(s) URL. */
    static String origin(String url) {
        try {
            URI uri = new URI(url);
            if (uri.getScheme() == null || uri.getHost() == null) {
                return null;
            }
            String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                return null;
            }
            int port = uri.getPort();
            boolean defaultPort = port == -1 || ("http".equals(scheme) && port == 80) || ("https".equals(scheme) && port == 443);
            return scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port);
        } catch (Exception e) {
            return null;
        }
    }
}
