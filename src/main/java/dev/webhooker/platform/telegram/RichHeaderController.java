package dev.webhooker.platform.telegram;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;

/**
 * {@code GET /api/richheader}: the page Telegram reads for the small card above an avatar
 * message: the sender's avatar, login and the message's title as Open Graph tags, and the same shown centred.
 * Only links the Telegram renderer made are answered (their {@code sig} checks); anything else is 404, so the
 * page is neither an open reflector nor a proxy. No session is needed; answers are cacheable for a day.
 */
@RestController
class RichHeaderController {

    private static final String POLICY = "default-src 'none'; img-src https: http:; style-src 'unsafe-inline'; base-uri 'none';"
            + " form-action 'none'; frame-ancestors 'none'";

    private final RichHeaderLinks links;

    RichHeaderController(RichHeaderLinks links) {
        this.links = links;
    }

    @GetMapping("/api/richheader")
    ResponseEntity<String> page(@RequestParam(name = "title", defaultValue = "") String title,
                                @RequestParam(name = "content", defaultValue = "") String content,
                                @RequestParam(name = "avatar", defaultValue = "") String avatar,
                                @RequestParam(name = RichHeaderLinks.PARAM, required = false) String signature) {
        if (!links.verifies(title, content, avatar, signature)) {
            return ResponseEntity.status(HttpStatus.NOT_FOUND).contentType(MediaType.TEXT_PLAIN).body("Not found");
        }
        String t = HtmlUtils.htmlEscape(title, StandardCharsets.UTF_8.name());
        String c = HtmlUtils.htmlEscape(content, StandardCharsets.UTF_8.name());
        String a = HtmlUtils.htmlEscape(avatar, StandardCharsets.UTF_8.name());
        StringBuilder html = new StringBuilder("<!doctype html><html><head><meta charset=\"utf-8\">")
                .append("<meta property=\"og:type\" content=\"website\">")
                .append("<meta property=\"og:site_name\" content=\"").append(t).append("\">");
        if (!content.isEmpty()) {
            html.append("<meta property=\"og:title\" content=\"").append(c).append("\">");
        }
        if (!avatar.isEmpty()) {
            html.append("<meta property=\"og:image\" content=\"").append(a).append("\">");
        }
        html.append("<title>").append(content.isEmpty() ? t : c).append("</title>")
                .append("<style>body{font-family:sans-serif;text-align:center;margin:3em auto;max-width:40em}")
                .append("img{width:128px;height:128px;border-radius:50%}small{color:#888}</style></head><body>");
        if (!avatar.isEmpty()) {
            html.append("<img src=\"").append(a).append("\" alt=\"\" width=\"128\" height=\"128\">");
        }
        html.append("<h1>").append(t).append("</h1>");
        if (!content.isEmpty()) {
            html.append("<p>").append(c).append("</p>");
        }
        html.append("<small>This page only carries the link preview of a webhooker message.</small></body></html>");
        return ResponseEntity.ok()
                .contentType(new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8))
                .cacheControl(CacheControl.maxAge(Duration.ofDays(1)).cachePublic())
                .header("Content-Security-Policy", POLICY)
                .header("X-Content-Type-Options", "nosniff")
                .body(html.toString());
    }
}
