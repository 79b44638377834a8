package dev.webhooker.control;

import org.springframework.http.HttpStatus;

/** A request the admin API refuses: its status, the short error and what exactly was wrong. */
class AdminApiException extends RuntimeException {

    private final HttpStatus status;
    private final String detail;
    private final String field;

    AdminApiException(HttpStatus status, String error, String detail) {
        this(status, error, detail, null);
    }

    private AdminApiException(HttpStatus status, String error, String detail, String field) {
        super(error, null, false, false);
        this.status = status;
        this.detail = detail;
        this.field = field;
    }

    static AdminApiException badRequest(String error, String detail) {
        return new AdminApiException(HttpStatus.BAD_REQUEST, error, detail);
    }

    /** A 400 about one field of a small body: the answer names it ({@code field}), for a form to mark. */
    static AdminApiException badField(String error, String field, String problem) {
        return new AdminApiException(HttpStatus.BAD_REQUEST, error, field + ": " + problem, field);
    }

    /** The body field the refusal is about, or null. */
    String field() {
        return field;
    }

    HttpStatus status() {
        return status;
    }

    String detail() {
        return detail;
    }
}
