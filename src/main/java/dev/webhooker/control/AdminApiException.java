package dev.webhooker.control;

import java.util.List;

import org.springframework.http.HttpStatus;

/** A request the admin API refuses: its status, the short error and what exactly was wrong. */
class AdminApiException extends RuntimeException {

    private final HttpStatus status;
    private final String detail;
    private final String field;
    private final List<FieldProblem> problems;

    AdminApiException(HttpStatus status, String error, String detail) {
        this(status, error, detail, null, List.of());
    }

    private AdminApiException(HttpStatus status, String error, String detail, String field, List<FieldProblem> problems) {
        super(error, null, false, false);
        this.status = status;
        this.detail = detail;
        this.field = field;
        this.problems = List.copyOf(problems);
    }

    static AdminApiException badRequest(String error, String detail) {
        return new AdminApiException(HttpStatus.BAD_REQUEST, error, detail);
    }

    /** A 400 about one field of a small body: the answer names it ({@code field}), for a form to mark. */
    static AdminApiException badField(String error, String field, String problem) {
        return badFields(error, List.of(FieldProblem.of(field, problem)));
    }

    /** A 400 about several fields of a small body: the first is the one named in {@code field} and the detail; all are listed. */
    static AdminApiException badFields(String error, List<FieldProblem> problems) {
        FieldProblem first = problems.get(0);
        return new AdminApiException(HttpStatus.BAD_REQUEST, error, first.field() + ": " + first.message(), first.field(), problems);
    }

    /** The body field the refusal is about, or null. */
    String field() {
        return field;
    }

    /** Every field problem, the first being {@link #field()}'s; empty when the refusal is not about fields. */
    List<FieldProblem> problems() {
        return problems;
    }

    HttpStatus status() {
        return status;
    }

    String detail() {
        return detail;
    }
}
