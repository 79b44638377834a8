package dev.webhooker.control;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.audit.AuditEntry;
import dev.webhooker.audit.AuditLog;
import dev.webhooker.access.SessionUser;
import dev.webhooker.signin.ApiTokens;
import dev.webhooker.signin.RequestAccess;

/**
 * The signed-in user's API tokens: {@code GET /admin/api/tokens} lists them (never their values),
 * {@code POST} makes one and shows its value once, {@code DELETE /admin/api/tokens/{id}} revokes it (its user,
 * or a super admin). Making and revoking are audited.
 */
@RestController
class ApiTokenController {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String INVALID = "Invalid token request";
    /** ApiTokens.ALL_SCOPES as one pattern (a constraint needs a constant); RequestBodiesTest keeps the two the same. */
    static final String SCOPE_WORDS = "comment|merge|close|react|admin:read|admin:write";
    private static final String SCOPES_RULE = "a non-empty array of comment, merge, close, react, admin:read, admin:write";
    private static final String DAYS_RULE = "a whole number from 1 to " + ApiTokens.MAX_LIFETIME_DAYS;

    /** The body of a new token: its name, its scopes (all when absent) and its lifetime in days (the default when absent). */
    record TokenRequest(
            @NotEmpty(message = "required, 1 to 100 characters") @Size(max = 100, message = "at most {max} characters") String name,
            @Size(min = 1, message = SCOPES_RULE) List<@NotNull(message = SCOPES_RULE) @Pattern(regexp = SCOPE_WORDS, message = SCOPES_RULE) String> scopes,
            @Min(value = 1, message = DAYS_RULE) @Max(value = ApiTokens.MAX_LIFETIME_DAYS, message = DAYS_RULE) Long expiresInDays) {
    }

    private final ApiTokens tokens;
    private final RequestAccess access;
    private final AuditLog audit;
    private final RequestBodies bodies;

    ApiTokenController(ApiTokens tokens, RequestAccess access, AuditLog audit, RequestBodies bodies) {
        this.bodies = bodies;
        this.tokens = tokens;
        this.access = access;
        this.audit = audit;
    }

    @GetMapping("/admin/api/tokens")
    Map<String, Object> list() {
        long now = System.currentTimeMillis();
        return Map.of("tokens", tokens.of(caller().userId()).stream().map(t -> view(t, now)).toList());
    }

    @PostMapping("/admin/api/tokens")
    ResponseEntity<Map<String, Object>> create(@RequestBody(required = false) JsonNode raw, HttpServletRequest request) {
        SessionUser user = caller();
        TokenRequest body = bodies.read(raw, TokenRequest.class, INVALID);
        String name = body.name();
        Set<String> scopes = new LinkedHashSet<>(body.scopes() == null ? ApiTokens.SCOPES : body.scopes());
        Duration lifetime = body.expiresInDays() == null ? ApiTokens.DEFAULT_LIFETIME : Duration.ofDays(body.expiresInDays());
        if (tokens.liveCount(user.userId()) >= ApiTokens.MAX_LIVE_PER_USER) {
            throw new AdminApiException(HttpStatus.CONFLICT, "Too many tokens",
                    "at most " + ApiTokens.MAX_LIVE_PER_USER + " live tokens per user: revoke one first");
        }
        ApiTokens.Issued issued = tokens.issue(user, name, scopes, lifetime);
        audit.record(AuditEntry.of("api_token.create").actor(user.userId(), user.login()).target("api_token", issued.token().id())
                .detail(JSON.createObjectNode().put("name", issued.token().name()).put("scopes", String.join(",", issued.token().scopes()))
                        .put("expiresAt", issued.token().expiresAt()).toString())
                .ip(request.getRemoteAddr()));
        Map<String, Object> answer = new LinkedHashMap<>(view(issued.token(), System.currentTimeMillis()));
        answer.put("value", issued.value());
        return ResponseEntity.status(HttpStatus.CREATED).body(answer);
    }

    @DeleteMapping("/admin/api/tokens/{id}")
    Map<String, Object> revoke(@PathVariable String id, HttpServletRequest request) {
        SessionUser user = caller();
        ApiTokens.Token token = tokens.find(id).filter(t -> t.userId().equals(user.userId()) || access.isSuperAdmin(user))
                .orElseThrow(() -> new AdminApiException(HttpStatus.NOT_FOUND, "No such token", null));
        if (tokens.revoke(id)) {
            audit.record(AuditEntry.of("api_token.revoke").actor(user.userId(), user.login()).target("api_token", id)
                    .detail(JSON.createObjectNode().put("owner", token.userId()).toString()).ip(request.getRemoteAddr()));
        }
        return Map.of("ok", true);
    }

    /**
     * Tokens are managed from a console session only: a token that could make tokens could give itself scopes its
     * maker never chose.
     */
    private static SessionUser caller() {
        return RequestAccess.sessionCaller().orElseThrow(() -> new AdminApiException(HttpStatus.FORBIDDEN, "Forbidden",
                "API tokens are made and revoked from a signed-in console session, not with a token")).user();
    }

    private static Map<String, Object> view(ApiTokens.Token token, long now) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("id", token.id());
        view.put("name", token.name());
        view.put("scopes", token.scopes());
        view.put("createdAt", token.createdAt());
        view.put("expiresAt", token.expiresAt());
        view.put("lastUsedAt", token.lastUsedAt());
        view.put("revokedAt", token.revokedAt());
        view.put("live", token.live(now));
        return view;
    }
}
