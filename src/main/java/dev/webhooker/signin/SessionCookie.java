package dev.webhooker.signin;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseCookie;

/**
 * The console's session cookie {@code wh_admin_session} (the original's name, so a move keeps nothing
 * odd in browsers): HttpOnly, SameSite=Lax, Path=/, and Secure when BASE_URL is https. A plain-http
 * BASE_URL (a local run) gets no Secure flag, or the browser would never send it back.
 */
final class SessionCookie {

    public static final String NAME = "wh_admin_session";

    private final boolean secure;

    public SessionCookie(String baseUrl) {
        this.secure = baseUrl != null && baseUrl.trim().toLowerCase(Locale.ROOT).startsWith("https://");
    }

    public boolean secure() {
        return secure;
    }

    public static Optional<String> read(HttpServletRequest request) {
        return read(request, NAME);
    }

    static Optional<String> read(HttpServletRequest request, String name) {
        Cookie[] cookies = request.getCookies();
        if (cookies == null) {
            return Optional.empty();
        }
        for (Cookie cookie : cookies) {
            if (name.equals(cookie.getName()) && cookie.getValue() != null && !cookie.getValue().isEmpty()) {
                return Optional.of(cookie.getValue());
            }
        }
        return Optional.empty();
    }

    public void set(HttpServletResponse response, String sessionId) {
        add(response, NAME, sessionId, "/", AdminSessions.LIFETIME);
    }

    public void clear(HttpServletResponse response) {
        add(response, NAME, "", "/", Duration.ZERO);
    }

    void add(HttpServletResponse response, String name, String value, String path, Duration maxAge) {
        ResponseCookie cookie = ResponseCookie.from(name, value)
                .path(path)
                .httpOnly(true)
                .secure(secure)
                .sameSite("Lax")
                .maxAge(maxAge)
                .build();
        response.addHeader(HttpHeaders.SET_COOKIE, cookie.toString());
    }
}
