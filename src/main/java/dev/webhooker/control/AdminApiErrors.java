package dev.webhooker.control;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import dev.webhooker.access.AccessDeniedException;

/**
 * The admin API's errors as {@code {"error": …, "detail": …}} (control-plane.md §9.2): an unknown group and one
 * the caller may not see are the same 404, a missing role is 403, a body that is not JSON is 400 saying
 * where it broke, and a request the API refuses says why.
 */
@RestControllerAdvice(basePackageClasses = AdminApiErrors.class)
class AdminApiErrors {

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

    @ExceptionHandler(AdminApiException.class)
    ResponseEntity<Map<String, Object>> refused(AdminApiException e) {
        return body(e.status(), e.getMessage(), e.detail());
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
