package dev.webhooker.signin;

import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.access.SessionUser;
import dev.webhooker.control.AuditEntry;
import dev.webhooker.control.AuditLog;

/**
 * The signed-in user's API tokens (W7): {@code GET /admin/api/tokens} lists them (never their values),
 * {@code POST} makes one and shows its value once, {@code DELETE /admin/api/tokens/{id}} revokes it (its user,
 * or a super admin). Making and revoking are audited.
 */
@RestController
class ApiTokenController {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> FIELDS = List.of("name", "scopes", "expiresInDays");

    private final ApiTokens tokens;
    private final RequestAccess access;
    private final AuditLog audit;

    ApiTokenController(ApiTokens tokens, RequestAccess access, AuditLog audit) {
        this.tokens = tokens;
        this.access = access;
        this.audit = audit;
    }

    @GetMapping("/admin/api/tokens")
    ResponseEntity<Map<String, Object>> list() {
        SessionUser user = caller();
        long now = System.currentTimeMillis();
        return ResponseEntity.ok(Map.of("tokens", tokens.of(user.userId()).stream().map(t -> view(t, now)).toList()));
    }

    @PostMapping("/admin/api/tokens")
    ResponseEntity<Map<String, Object>> create(@RequestBody(required = false) String raw, HttpServletRequest request) {
        SessionUser user = caller();
        JsonNode body;
        try {
            body = raw == null || raw.isBlank() ? JSON.createObjectNode() : JSON.readTree(raw);
        } catch (Exception e) {
            return invalid(null, "the body is not valid JSON");
        }
        if (!body.isObject()) {
            return invalid(null, "the body must be a JSON object with name, scopes, expiresInDays");
        }
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                return invalid(name, "unknown field (expected " + String.join(", ", FIELDS) + ")");
            }
        }
        JsonNode nameNode = body.path("name");
        if (!nameNode.isTextual() || nameNode.asText().isBlank() || nameNode.asText().strip().length() > 100) {
            return invalid("name", "required, a string of 1 to 100 characters");
        }
        Set<String> scopes = new LinkedHashSet<>();
        if (body.has("scopes")) {
            if (!body.get("scopes").isArray() || body.get("scopes").isEmpty()) {
                return invalid("scopes", "a non-empty array of " + String.join(", ", ApiTokens.SCOPES));
            }
            for (JsonNode scope : body.get("scopes")) {
                if (!scope.isTextual() || !ApiTokens.SCOPES.contains(scope.asText())) {
                    return invalid("scopes", "each one of " + String.join(", ", ApiTokens.SCOPES));
                }
                scopes.add(scope.asText());
            }
        } else {
            scopes.addAll(ApiTokens.SCOPES);
        }
        Duration lifetime = ApiTokens.DEFAULT_LIFETIME;
        if (body.has("expiresInDays")) {
            JsonNode days = body.get("expiresInDays");
            if (!days.isIntegralNumber() || days.asLong() < 1 || days.asLong() > ApiTokens.MAX_LIFETIME.toDays()) {
                return invalid("expiresInDays", "a whole number of days from 1 to " + ApiTokens.MAX_LIFETIME.toDays());
            }
            lifetime = Duration.ofDays(days.asLong());
        }
        if (tokens.liveCount(user.userId()) >= ApiTokens.MAX_LIVE_PER_USER) {
            return ResponseEntity.status(409).body(Map.of("error", "At most " + ApiTokens.MAX_LIVE_PER_USER
                    + " live tokens per user: revoke one first"));
        }
        ApiTokens.Issued issued = tokens.issue(user, nameNode.asText().strip(), scopes, lifetime);
        audit.record(AuditEntry.of("api_token.create").actor(user.userId(), user.login()).target("api_token", issued.token().id())
                .detail(JSON.createObjectNode().put("name", issued.token().name()).put("scopes", String.join(",", issued.token().scopes()))
                        .put("expiresAt", issued.token().expiresAt()).toString())
                .ip(request.getRemoteAddr()));
        Map<String, Object> answer = new LinkedHashMap<>(view(issued.token(), System.currentTimeMillis()));
        answer.put("value", issued.value());
        return ResponseEntity.status(201).body(answer);
    }

    @DeleteMapping("/admin/api/tokens/{id}")
    ResponseEntity<Map<String, Object>> revoke(@PathVariable String id, HttpServletRequest request) {
        SessionUser user = caller();
        var token = tokens.find(id).filter(t -> t.userId().equals(user.userId()) || access.isSuperAdmin(user));
        if (token.isEmpty()) {
            return ResponseEntity.status(404).body(Map.of("error", "No such token"));
        }
        if (tokens.revoke(id)) {
            audit.record(AuditEntry.of("api_token.revoke").actor(user.userId(), user.login()).target("api_token", id)
                    .detail(JSON.createObjectNode().put("owner", token.get().userId()).toString()).ip(request.getRemoteAddr()));
        }
        return ResponseEntity.ok(Map.of("ok", true));
    }

    private static SessionUser caller() {
        return RequestAccess.sessionCaller().orElseThrow(() -> new IllegalStateException("the admin API gate lets only sessions in")).user();
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

    private static ResponseEntity<Map<String, Object>> invalid(String field, String problem) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("error", "Invalid token request: " + (field == null ? "" : field + ": ") + problem);
        if (field != null) {
            answer.put("field", field);
        }
        return ResponseEntity.badRequest().body(answer);
    }
}
