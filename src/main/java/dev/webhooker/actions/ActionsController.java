package dev.webhooker.actions;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.signin.ApiTokens;
import dev.webhooker.signin.RequestAccess;
import dev.webhooker.signin.SignedIn;

/**
 * The user actions API: {@code POST /api/comment|merge|close|react}, authenticated by a
 * bearer token (a webhooker API token within its scopes, or the user's GitHub token), run
 * with the caller's stored GitHub token. 200 {@code {"ok":true}};
 * 400 for a body that cannot be acted on, naming the field; GitHub's refusals mapped to 401, 403, 404, 409,
 * 422 and 502 (its 5xx, timeouts and network errors); 429 past ACTIONS_RATE_LIMIT.
 */
@RestController
class ActionsController {

    private final GithubActions actions;

    ActionsController(GithubActions actions) {
        this.actions = actions;
    }

    @PostMapping("/api/comment")
    ResponseEntity<Map<String, Object>> comment(@RequestBody(required = false) String body, HttpServletRequest request) {
        return run(body, ActionRequests::comment, request);
    }

    @PostMapping("/api/merge")
    ResponseEntity<Map<String, Object>> merge(@RequestBody(required = false) String body, HttpServletRequest request) {
        return run(body, ActionRequests::merge, request);
    }

    @PostMapping("/api/close")
    ResponseEntity<Map<String, Object>> close(@RequestBody(required = false) String body, HttpServletRequest request) {
        return run(body, ActionRequests::close, request);
    }

    @PostMapping("/api/react")
    ResponseEntity<Map<String, Object>> react(@RequestBody(required = false) String body, HttpServletRequest request) {
        return run(body, ActionRequests::react, request);
    }

    private static String scope(Action.Kind kind) {
        return switch (kind) {
            case MERGE -> "merge";
            case CLOSE -> "close";
            case REACT -> "react";
            default -> "comment";
        };
    }

    private ResponseEntity<Map<String, Object>> run(String body, Function<String, Action> reader, HttpServletRequest request) {
        Optional<SignedIn> caller = RequestAccess.caller();
        if (caller.isEmpty()) {
            return ResponseEntity.status(401).body(Map.of("error", "Missing authorization"));
        }
        Action action;
        try {
            action = reader.apply(body);
            java.util.Set<String> granted = ApiTokens.grantedScopes(request);
            String needed = scope(action.kind());
            if (!granted.contains(needed)) {
                return ResponseEntity.status(403).body(Map.of("error", "This token may not " + needed + " (its scopes: "
                        + String.join(", ", new java.util.TreeSet<>(granted)) + ")"));
            }
        } catch (ActionRequestException e) {
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("error", "Invalid request body");
            answer.put("detail", e.getMessage());
            if (e.field() != null) {
                answer.put("field", e.field());
            }
            return ResponseEntity.badRequest().body(answer);
        }
        ActionOutcome outcome = actions.perform(caller.get().user().userId(), action, "api", request.getRemoteAddr());
        Map<String, Object> answer = new LinkedHashMap<>();
        if (outcome.ok()) {
            answer.put("ok", true);
            if (!outcome.field("html_url").isEmpty() && action.kind() == Action.Kind.COMMENT) {
                answer.put("url", outcome.field("html_url"));
            }
            return ResponseEntity.ok(answer);
        }
        answer.put("error", outcome.error().apiMessage());
        answer.put("code", outcome.error().name());
        if (outcome.githubMessage() != null) {
            answer.put("github", outcome.githubMessage());
        }
        return ResponseEntity.status(outcome.error().status()).body(answer);
    }
}
