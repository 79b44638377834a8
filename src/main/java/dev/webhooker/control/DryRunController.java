package dev.webhooker.control;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;

import com.fasterxml.jackson.databind.JsonNode;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import dev.webhooker.access.Access;
import dev.webhooker.access.Capability;
import dev.webhooker.dryrun.DryRun;
import dev.webhooker.dryrun.DryRunResult;
import dev.webhooker.signin.RequestAccess;

/**
 * {@code POST /admin/api/dry-run} with {@code {event, payload, headers?, groupId?}}: what the configuration in
 * force would do with this webhook (the routes that fire, with each target's rendering, and why each other
 * route does not),
 * sending nothing. {@code event} stands for the {@code X-GitHub-Event} header when {@code headers} names no
 * provider; {@code groupId} previews that group's own endpoint. Callers who are not super admins see only
 * the routes of their groups.
 */
@RestController
class DryRunController {

    private final RequestAccess access;
    private final DryRun dryRun;

    DryRunController(RequestAccess access, DryRun dryRun) {
        this.access = access;
        this.dryRun = dryRun;
    }

    @PostMapping("/admin/api/dry-run")
    ResponseEntity<Object> preview(@RequestBody JsonNode body, HttpServletRequest request) {
        Access scope = access.of(request).orElseThrow();
        if (body == null || !body.isObject() || !body.hasNonNull("payload")) {
            throw AdminApiException.badField("Invalid dry run", "payload", "the webhook's JSON body is required");
        }
        String groupId = body.hasNonNull("groupId") ? body.get("groupId").asText() : null;
        if (groupId != null) {
            scope.require(Capability.VIEW, groupId);
        }
        Map<String, String> headers = new LinkedHashMap<>();
        JsonNode given = body.path("headers");
        if (given.isObject()) {
            given.fields().forEachRemaining(h -> headers.put(h.getKey(), h.getValue().asText()));
        }
        boolean namesProvider = headers.keySet().stream().map(h -> h.toLowerCase(Locale.ROOT))
                .anyMatch(h -> h.equals("x-github-event") || h.equals("x-gitea-event") || h.startsWith("x-webhooker-") || h.startsWith("webhook-"));
        if (!namesProvider) {
            if (!body.hasNonNull("event")) {
                throw AdminApiException.badField("Invalid dry run", "event", "the GitHub event name (or a provider header in headers)");
            }
            headers.put("X-GitHub-Event", body.get("event").asText());
        }
        headers.putIfAbsent("Content-Type", "application/json");
        byte[] payload = body.get("payload").toString().getBytes(StandardCharsets.UTF_8);
        DryRunResult result = dryRun.run(payload, headers, groupId, (String) null);
        if (result instanceof DryRunResult.Refused refused) {
            if (ApiProblem.wanted(request)) {
                List<FieldProblem> errors = refused.configErrors().stream().map(FieldProblem::of).toList();
                return ApiProblem.of(HttpStatus.BAD_REQUEST, errors.isEmpty() ? ApiProblem.Kind.INVALID_REQUEST : ApiProblem.Kind.INVALID_CONFIG,
                        refused.error(), refused.detail()).withField(errors.isEmpty() ? null : errors.get(0).field(), errors).answer(request);
            }
            // the first shape as it always was: a null detail stays in the body
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("error", refused.error());
            error.put("detail", refused.detail());
            return ResponseEntity.status(HttpStatus.BAD_REQUEST).body(error);
        }
        DryRunResult.Preview preview = (DryRunResult.Preview) result;
        List<DryRunResult.FiredRoute> visible = preview.routes().stream()
                .filter(r -> scope.superAdmin() || r.groupId() != null && scope.sees(r.groupId()))
                .toList();
        List<DryRunResult.SkippedRoute> skipped = preview.skipped().stream()
                .filter(r -> scope.superAdmin() || r.groupId() != null && scope.sees(r.groupId()))
                .toList();
        return ResponseEntity.ok(new DryRunResult.Preview(preview.provider(), preview.event(), preview.deliveryId(), visible,
                visible.isEmpty() ? (preview.routes().isEmpty() ? preview.whyNone() : "no route of your groups fires") : null, skipped));
    }
}
