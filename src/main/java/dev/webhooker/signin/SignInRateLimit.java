package dev.webhooker.signin;

import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * SIGN_IN_RATE_LIMIT requests per minute per client address on the sign-in and token endpoints
 * ({@code /auth/*}, {@code /admin/login}, {@code /admin/logout}): Bucket4j token buckets, refilled
 * gradually, so a burst is allowed and a steady hammering is not. Over the limit: 429 with Retry-After.
 * The client address is the request's: the connection's, or the one a proxy in TRUSTED_PROXIES forwards
 * (web.TrustedProxyValve). Buckets are per instance
 * and the least recently used are dropped beyond {@link #MAX_CLIENTS}.
 */
final class SignInRateLimit extends OncePerRequestFilter {

    static final int MAX_CLIENTS = 10_000;

    private final long perMinute;
    private final Map<String, Bucket> buckets = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Bucket> eldest) {
            return size() > MAX_CLIENTS;
        }
    };

    SignInRateLimit(long perMinute) {
        this.perMinute = perMinute;
    }

    static boolean limited(HttpServletRequest request) {
        String path = request.getRequestURI();
        return path.startsWith("/auth/") || path.equals("/auth") || path.equals("/admin/login") || path.equals("/admin/logout");
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !limited(request);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        ConsumptionProbe probe = bucket(request.getRemoteAddr()).tryConsumeAndReturnRemaining(1);
        if (probe.isConsumed()) {
            chain.doFilter(request, response);
            return;
        }
        long seconds = Math.max(1, (probe.getNanosToWaitForRefill() + 999_999_999L) / 1_000_000_000L);
        response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
        AuthAnswers.error(request, response, 429, "Too many sign-in requests from your address; retry in " + seconds + " s");
    }

    private Bucket bucket(String client) {
        synchronized (buckets) {
            return buckets.computeIfAbsent(client, c -> Bucket.builder()
                    .addLimit(Bandwidth.builder().capacity(perMinute).refillGreedy(perMinute, Duration.ofMinutes(1)).build())
                    .build());
        }
    }
}
