package dev.webhooker.control;

import org.springframework.http.HttpStatus;

/** A request the admin API refuses: its status, the short error and what exactly was wrong. */
class AdminApiException extends RuntimeException {

    private final HttpStatus status;
    private final String detail;

    AdminApiException(HttpStatus status, String error, String detail) {
        super(error, null, false, false);
        this.status = status;
        this.detail = detail;
    }

    static AdminApiException badRequest(String error, String detail) {
        return new AdminApiException(HttpStatus.BAD_REQUEST, error, detail);
    }

    HttpStatus status() {
        return status;
    }

    String detail() {
        return detail;
    }
}
