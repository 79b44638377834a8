package dev.webhooker.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.core.io.ClassPathResource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;

import dev.webhooker.signin.RedirectTarget;
import dev.webhooker.signin.RequestAccess;
import dev.webhooker.web.HtmlPage;

/**
 * The console at {@code /admin}: every screen's path answers the same page, whose ES
 * modules ({@code /admin/assets/}, static) draw the screen from the path, so a deep link or a reload opens that
 * screen. Without a session the answer is the sign-in screen, which comes back to the same path afterwards.
 * The console is a client of the admin API only. Its Content-Security-Policy allows scripts and styles from this
 * service alone, with no inline script.
 */
@RestController
class ConsoleController {

    static final String POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:;"
            + " connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self' https://github.com";

    /** The sign-in screen has no script at all; its one inline style attribute (the shared page layout) is allowed. */
    static final String SIGN_IN_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none';"
            + " form-action 'self'";

    private final byte[] shell = read("console/index.html");

    @GetMapping({"/admin", "/admin/", "/admin/overview", "/admin/metrics", "/admin/groups", "/admin/groups/{id}", "/admin/logs",
            "/admin/deliveries", "/admin/deliveries/{id}", "/admin/targets", "/admin/audit", "/admin/tester", "/admin/tokens"})
    ResponseEntity<byte[]> screen(HttpServletRequest request) {
        if (RequestAccess.sessionCaller().isEmpty()) {
            return page(signIn(request).getBytes(StandardCharsets.UTF_8), SIGN_IN_POLICY);
        }
        return page(shell, POLICY);
    }

    private static String signIn(HttpServletRequest request) {
        // a denied sign-in comes back as ?error=forbidden (SignInSuccessHandler): say so, and do not come back to it
        boolean denied = "forbidden".equals(request.getParameter("error"));
        String path = request.getRequestURI() + (denied || request.getQueryString() == null ? "" : "?" + request.getQueryString());
        String target = "/auth/github?redirect=" + URLEncoder.encode(RedirectTarget.sanitize(path), StandardCharsets.UTF_8);
        return HtmlPage.render("Sign in", (denied ? "<p id=\"denied\" role=\"alert\">This GitHub account is in no group here: ask a group"
                + " owner for an invite. / 此 GitHub 账号不属于这里的任何分组，请向分组所有者索取邀请。</p>" : "")
                + "<p>The webhooker console: groups, routes, deliveries and logs. / webhooker 控制台</p>"
                + "<p><a id=\"sign-in\" href=\"" + HtmlUtils.htmlEscape(target) + "\">Sign in with GitHub / 使用 GitHub 登录</a></p>");
    }

    private static ResponseEntity<byte[]> page(byte[] html, String policy) {
        return ResponseEntity.ok()
                .contentType(new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8))
                .cacheControl(CacheControl.noStore())
                .header("Content-Security-Policy", policy)
                .header("X-Content-Type-Options", "nosniff")
                .header("Referrer-Policy", "same-origin")
                .body(html);
    }

    private static byte[] read(String resource) {
        try (InputStream in = new ClassPathResource(resource).getInputStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("the console page " + resource + " is missing from the jar", e);
        }
    }
}
