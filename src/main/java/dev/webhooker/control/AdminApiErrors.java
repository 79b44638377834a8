package dev.webhooker.control;

import java.util.ArrayList;
import java.util.List;
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
import dev.webhooker.control.ApiProblem.Kind;
import dev.webhooker.routing.ConfigError;
import dev.webhooker.routing.InvalidConfigException;
import dev.webhooker.signin.RequestAccess;
import dev.webhooker.store.StaleVersionException;
import dev.webhooker.store.TenantLimitException;
import dev.webhooker.store.UnreadableConfigException;
import dev.webhooker.store.UnreadableRow;

/**
 * The admin API's errors: an unknown group and one the caller may not see are the same 404,
 * a missing role is 403, a body that is not JSON is 400 saying where it broke, and a request the API refuses says why.
 * Each handler builds one {@link ApiProblem}; it is written as RFC 9457 problem details when the request asks for
 * {@code application/problem+json}, else as {@code {"error": …, "detail": …}}.
 */
@RestControllerAdvice(basePackageClasses = AdminApiErrors.class)
class AdminApiErrors {

    private final RequestAccess access;

    AdminApiErrors(RequestAccess access) {
        this.access = access;
    }

    @ExceptionHandler(AccessDeniedException.class)
    ResponseEntity<Object> accessDenied(AccessDeniedException e, HttpServletRequest request) {
        return (e.notFound() ? ApiProblem.of(HttpStatus.NOT_FOUND, Kind.NOT_FOUND, e.getMessage(), null)
                : ApiProblem.of(HttpStatus.FORBIDDEN, Kind.FORBIDDEN, e.getMessage(), null)).answer(request);
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<Object> unreadable(HttpMessageNotReadableException e, HttpServletRequest request) {
        Throwable cause = e.getMostSpecificCause();
        String detail = cause instanceof com.fasterxml.jackson.core.JsonProcessingException json ? json.getOriginalMessage()
                : "the body is missing or not JSON";
        return ApiProblem.of(HttpStatus.BAD_REQUEST, Kind.INVALID_JSON, "Invalid JSON body", detail).answer(request);
    }

    /**
     * The first problem, with where it is ({@code group (id "x"): members[1].role}) and its field within the entry
     * ({@code members[1].role}, for a form to mark); every problem in {@code problems} (or {@code errors}).
     */
    @ExceptionHandler(InvalidConfigException.class)
    ResponseEntity<Object> invalid(InvalidConfigException e, HttpServletRequest request) {
        ConfigError first = e.errors().get(0);
        return ApiProblem.of(HttpStatus.BAD_REQUEST, Kind.INVALID_CONFIG, first.message(), first.toString())
                .withField(first.field(), e.errors().stream().map(FieldProblem::of).toList()).answer(request);
    }

    /** A tenant at its own limit: 409, naming the limit and the setting that raises it. */
    @ExceptionHandler(TenantLimitException.class)
    ResponseEntity<Object> tenantLimit(TenantLimitException e, HttpServletRequest request) {
        return ApiProblem.of(HttpStatus.CONFLICT, Kind.LIMIT_REACHED, "Limit reached", e.getMessage())
                .with("setting", e.setting()).with("limit", e.limit()).answer(request);
    }

    /**
     * Stored rows this instance cannot read: a write that would delete or replace them is 409, a read (an export)
     * that would leave them out is 503. {@code rows} names those of groups the caller may see; other tenants' rows
     * are only counted.
     */
    @ExceptionHandler(UnreadableConfigException.class)
    ResponseEntity<Object> unreadableRows(UnreadableConfigException e, HttpServletRequest request) {
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
        ApiProblem problem = e.write()
                ? ApiProblem.of(HttpStatus.CONFLICT, Kind.UNREADABLE_CONFIG, "Unreadable configuration", "nothing was written: " + cannotRead
                        + ", and the write would delete or replace " + (e.rows().size() == 1 ? "it" : "them")
                        + "; try again once the instance can read them (see the config health check)")
                : ApiProblem.of(HttpStatus.SERVICE_UNAVAILABLE, Kind.UNREADABLE_CONFIG, "Unreadable configuration",
                        "the answer would be incomplete: " + cannotRead + " (see the config health check)");
        return problem.with("rows", visible).answer(request);
    }

    @ExceptionHandler(StaleVersionException.class)
    ResponseEntity<Object> stale(StaleVersionException e, HttpServletRequest request) {
        return ApiProblem.of(HttpStatus.PRECONDITION_FAILED, Kind.STALE_VERSION, "Stale version", e.getMessage())
                .with("version", e.storedVersion()).answer(request);
    }

    @ExceptionHandler(java.util.NoSuchElementException.class)
    ResponseEntity<Object> gone(java.util.NoSuchElementException e, HttpServletRequest request) {
        return ApiProblem.of(HttpStatus.NOT_FOUND, Kind.NOT_FOUND, "Not found", e.getMessage()).answer(request);
    }

    @ExceptionHandler(AdminApiException.class)
    ResponseEntity<Object> refused(AdminApiException e, HttpServletRequest request) {
        Kind kind = switch (e.status()) {
            case BAD_REQUEST -> e.field() != null ? Kind.INVALID_FIELD : Kind.INVALID_REQUEST;
            case NOT_FOUND -> Kind.NOT_FOUND;
            case FORBIDDEN -> Kind.FORBIDDEN;
            default -> Kind.OTHER;
        };
        return ApiProblem.of(e.status(), kind, e.getMessage(), e.detail()).withField(e.field(), e.problems()).answer(request);
    }
}
