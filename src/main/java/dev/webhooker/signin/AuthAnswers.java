package dev.webhooker.signin;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.util.HtmlUtils;

import dev.webhooker.web.HtmlPage;

/**
 * The answers of the sign-in endpoints when something is wrong: {@code {"error": "..."}} for
 * scripts, and a short page with the same sentence and a way back for a browser, which is what
 * sits at the end of a GitHub redirect. Never a stack trace.
 */
final class AuthAnswers {

    private static final ObjectMapper JSON = new ObjectMapper();

    private AuthAnswers() {
    }

    static boolean wantsHtml(HttpServletRequest request) {
        String accept = request.getHeader(HttpHeaders.ACCEPT);
        return accept != null && accept.contains(MediaType.TEXT_HTML_VALUE);
    }

    /** JSON for scripts; a page for browsers. */
    static void error(HttpServletRequest request, HttpServletResponse response, int status, String message) throws IOException {
        if (wantsHtml(request)) {
            page(response, status, "Sign-in", message);
        } else {
            json(response, status, message);
        }
    }

    static void json(HttpServletResponse response, int status, String message) throws IOException {
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        JSON.writeValue(response.getOutputStream(), Map.of("error", message));
    }

    static void page(HttpServletResponse response, int status, String title, String message) throws IOException {
        html(response, status, title, "<p>" + HtmlUtils.htmlEscape(message) + "</p><p><a href=\"/admin/login\">Sign in again</a></p>");
    }

    /** A page around {@code body}, which the caller has escaped; never cached. */
    static void html(HttpServletResponse response, int status, String title, String body) throws IOException {
        response.setStatus(status);
        response.setContentType(MediaType.TEXT_HTML_VALUE + ";charset=UTF-8");
        response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        response.getOutputStream().write(HtmlPage.render(title, body).getBytes(StandardCharsets.UTF_8));
    }
}
