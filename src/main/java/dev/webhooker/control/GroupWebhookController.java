package dev.webhooker.control;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.Size;

import com.fasterxml.jackson.databind.JsonNode;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.audit.AuditEntry;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.access.Access;
import dev.webhooker.access.Capability;
import dev.webhooker.access.SessionUser;
import dev.webhooker.config.WebhookerProperties;
import dev.webhooker.secrets.TenantSecrets;
import dev.webhooker.signin.RequestAccess;

/**
 * A group's own webhook endpoint {@code POST /webhook/{id}} and its secret, for
 * owners: whether one is set, a new one (shown once; with {@code {"overlap": "24h"}} the old one keeps
 * verifying that long, at most 7 days), or none (the endpoint then answers 404). The URL is built from
 * BASE_URL, never from the request's Host; without BASE_URL it is the path alone. Secrets are not config,
 * so this works in config-file sync mode too.
 */
@RestController
class GroupWebhookController {

    private final RequestAccess access;
    private final TenantSecrets secrets;
    private final AuditLog audit;
    private final String baseUrl;
    private final RequestBodies bodies;

    /** The body of a regeneration: how long the old secret keeps verifying ({@code 24h}), none when absent. */
    record RegenerateRequest(@Size(max = 16, message = "at most {max} characters") String overlap) {
    }

    GroupWebhookController(RequestAccess access, TenantSecrets secrets, AuditLog audit, WebhookerProperties properties,
                           RequestBodies bodies) {
        this.bodies = bodies;
        this.access = access;
        this.secrets = secrets;
        this.audit = audit;
        String base = properties.baseUrl() == null ? "" : properties.baseUrl().trim();
        this.baseUrl = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }

    @GetMapping("/admin/api/groups/{id}/webhook")
    Map<String, Object> info(@PathVariable String id, HttpServletRequest request) {
        owner(id, request);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("url", url(id));
        body.put("hasSecret", secrets.has(id));
        return body;
    }

    @PostMapping("/admin/api/groups/{id}/webhook/regenerate")
    Map<String, Object> regenerate(@PathVariable String id, @RequestBody(required = false) JsonNode options,
                                   HttpServletRequest request) {
        SessionUser user = owner(id, request);
        Duration overlap = overlap(options);
        String secret = secrets.regenerate(id, overlap);
        audit.record(AuditEntry.of("webhook.secret.regenerate").actor(user.userId(), user.login()).onGroup(id)
                .detail(overlap.isZero() ? null : "{\"overlapSeconds\":" + overlap.toSeconds() + "}").ip(request.getRemoteAddr()));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("ok", true);
        body.put("url", url(id));
        body.put("secret", secret);
        return body;
    }

    @DeleteMapping("/admin/api/groups/{id}/webhook")
    Map<String, Object> disable(@PathVariable String id, HttpServletRequest request) {
        SessionUser user = owner(id, request);
        secrets.disable(id);
        audit.record(AuditEntry.of("webhook.secret.delete").actor(user.userId(), user.login()).onGroup(id).ip(request.getRemoteAddr()));
        return Map.of("ok", true);
    }

    private SessionUser owner(String id, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        scope.require(Capability.MANAGE_WEBHOOK_SECRET, id);
        return scope.user();
    }

    private String url(String id) {
        return baseUrl + "/webhook/" + id;
    }

    private Duration overlap(JsonNode options) {
        String value = bodies.read(options, RegenerateRequest.class, "Invalid overlap").overlap();
        if (value == null) {
            return Duration.ZERO;
        }
        Duration overlap;
        try {
            overlap = DurationStyle.detectAndParse(value);
        } catch (IllegalArgumentException e) {
            throw AdminApiException.badField("Invalid overlap", "overlap", value + " is not a duration such as 30m, 24h or 7d");
        }
        if (overlap.isNegative() || overlap.compareTo(TenantSecrets.MAX_OVERLAP) > 0) {
            throw AdminApiException.badField("Invalid overlap", "overlap", "at most " + TenantSecrets.MAX_OVERLAP.toDays() + "d");
        }
        return overlap;
    }
}
