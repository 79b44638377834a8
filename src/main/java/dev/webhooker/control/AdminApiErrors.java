package dev.webhooker.control;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import dev.webhooker.access.Access;
import dev.webhooker.access.AccessDeniedException;
import dev.webhooker.access.Capability;
import dev.webhooker.routing.ConfigError;
import dev.webhooker.routing.InvalidConfigException;
import dev.webhooker.signin.RequestAccess;
import dev.webhooker.store.StaleVersionException;
import dev.webhooker.store.TenantLimitException;
import dev.webhooker.store.UnreadableConfigException;
import dev.webhooker.store.UnreadableRow;

/**
 * The admin API's errors as {@code {"error": …, "detail": …}} (control-plane.md §9.2): an unknown group and one
 * the caller may not see are the same 404, a missing role is 403, a body that is not JSON is 400 saying
 * where it broke, and a request the API refuses says why.
 */
@RestControllerAdvice(basePackageClasses = AdminApiErrors.class)
class AdminApiErrors {

    private final RequestAccess access;

    AdminApiErrors(RequestAccess access) {
        this.access = access;
    }

    @ExceptionHandler(AccessDeniedException.class)
    ResponseEntity<Map<String, Object>> accessDenied(AccessDeniedException e) {
        return body(e.notFound() ? HttpStatus.NOT_FOUND : HttpStatus.FORBIDDEN, e.getMessage(), null);
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<Map<String, Object>> unreadable(HttpMessageNotReadableException e) {
        Throwable cause = e.getMostSpecificCause();
        String detail = cause instanceof com.fasterxml.jackson.core.JsonProcessingException json ? json.getOriginalMessage()
                : "the body is missing or not JSON";
        return body(HttpStatus.BAD_REQUEST, "Invalid JSON body", detail);
    }

    /** The first problem, with where it is ({@code group (id "x"): members[1].role}); every problem in {@code problems}. */
    @ExceptionHandler(InvalidConfigException.class)
    ResponseEntity<Map<String, Object>> invalid(InvalidConfigException e) {
        ConfigError first = e.errors().get(0);
        ResponseEntity<Map<String, Object>> answer = body(HttpStatus.BAD_REQUEST, first.message(), first.toString());
        if (first.field() != null && !first.field().isEmpty()) {
            // the field within the entry (members[1].role), for a form to mark
            answer.getBody().put("field", first.field());
        }
        answer.getBody().put("problems", e.errors().stream().map(ConfigError::toString).toList());
        return answer;
    }

    /** A tenant at its own limit: 409, naming the limit and the setting that raises it. */
    @ExceptionHandler(TenantLimitException.class)
    ResponseEntity<Map<String, Object>> tenantLimit(TenantLimitException e) {
        ResponseEntity<Map<String, Object>> answer = body(HttpStatus.CONFLICT, "Limit reached", e.getMessage());
        answer.getBody().put("setting", e.setting());
        answer.getBody().put("limit", e.limit());
        return answer;
    }

    /**
     * Stored rows this instance cannot read: a write that would delete or replace them is 409, a read (an export)
     * that would leave them out is 503. {@code rows} names those of groups the caller may see; other tenants' rows
     * are only counted.
     */
    @ExceptionHandler(UnreadableConfigException.class)
    ResponseEntity<Map<String, Object>> unreadableRows(UnreadableConfigException e, HttpServletRequest request) {
        Optional<Access> scope = access.of(request);
        List<String> visible = e.rows().stream()
                .filter(row -> scope.map(a -> a.superAdmin() || a.can(Capability.VIEW, row.groupId())).orElse(false))
                .map(UnreadableRow::describe).toList();
        int others = e.rows().size() - visible.size();
        List<String> named = new ArrayList<>(visible);
        if (others > 0) {
            named.add(others + (others == 1 ? " row" : " rows") + " of other groups");
        }
        String cannotRead = "this instance cannot read " + String.join(", ", named);
        ResponseEntity<Map<String, Object>> answer = e.write()
                ? body(HttpStatus.CONFLICT, "Unreadable configuration", "nothing was written: " + cannotRead
                        + ", and the write would delete or replace " + (e.rows().size() == 1 ? "it" : "them")
                        + "; try again once the instance can read them (see the config health check)")
                : body(HttpStatus.SERVICE_UNAVAILABLE, "Unreadable configuration", "the answer would be incomplete: " + cannotRead
                        + " (see the config health check)");
        answer.getBody().put("rows", visible);
        return answer;
    }

    @ExceptionHandler(StaleVersionException.class)
    ResponseEntity<Map<String, Object>> stale(StaleVersionException e) {
        ResponseEntity<Map<String, Object>> answer = body(HttpStatus.PRECONDITION_FAILED, "Stale version", e.getMessage());
        answer.getBody().put("version", e.storedVersion());
        return answer;
    }

    @ExceptionHandler(java.util.NoSuchElementException.class)
    ResponseEntity<Map<String, Object>> gone(java.util.NoSuchElementException e) {
        return body(HttpStatus.NOT_FOUND, "Not found", e.getMessage());
    }

    @ExceptionHandler(AdminApiException.class)
    ResponseEntity<Map<String, Object>> refused(AdminApiException e) {
        ResponseEntity<Map<String, Object>> answer = body(e.status(), e.getMessage(), e.detail());
        if (e.field() != null) {
            answer.getBody().put("field", e.field());
        }
        return answer;
    }

    static ResponseEntity<Map<String, Object>> body(HttpStatus status, String error, String detail) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", error);
        if (detail != null) {
            body.put("detail", detail);
        }
        return ResponseEntity.status(status).body(body);
    }
}
