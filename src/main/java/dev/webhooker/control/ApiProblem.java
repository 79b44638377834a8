package dev.webhooker.control;

import java.net.URI;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;

import dev.webhooker.web.ProblemDetailsAsked;

/**
 * One error of the admin API, before it is written out in one of two shapes: RFC 9457 problem details
 * ({@code application/problem+json}) when the request's Accept header names that type, otherwise the API's first
 * shape {@code {"error", "detail", "field", …}}, which existing clients read.
 * <p>
 * {@code title} is the short error ({@code "Group not found"}), {@code detail} what exactly is wrong, {@code field}
 * the dotted path of the field it is about ({@code targets[0].channelId}, as {@link FieldProblem#field()}) or null,
 * {@code errors} every problem found (the first is the one in {@code field} and {@code detail}), {@code extras} the
 * members particular to the kind ({@code setting}, {@code limit}, {@code rows}, {@code version}).
 */
record ApiProblem(HttpStatus status, Kind kind, String title, String detail, String field, List<FieldProblem> errors,
                  Map<String, Object> extras) {

    /** Where the problem types live; each kind's URI names it for good (clients may switch on it). */
    static final String TYPES = "https://webhooker.dev/problems/";

    /** The kinds of error a client may tell apart; {@link #OTHER} is {@code about:blank}, the status says it all. */
    enum Kind {
        INVALID_JSON("invalid-json"),
        INVALID_REQUEST("invalid-request"),
        INVALID_FIELD("invalid-field"),
        INVALID_CONFIG("invalid-config"),
        FORBIDDEN("forbidden"),
        NOT_FOUND("not-found"),
        LIMIT_REACHED("limit-reached"),
        UNREADABLE_CONFIG("unreadable-config"),
        STALE_VERSION("stale-version"),
        OTHER(null);

        private final String slug;

        Kind(String slug) {
            this.slug = slug;
        }

        URI type() {
            return slug == null ? URI.create("about:blank") : URI.create(TYPES + slug);
        }
    }

    ApiProblem {
        errors = List.copyOf(errors);
        extras = Collections.unmodifiableMap(new LinkedHashMap<>(extras));
    }

    static ApiProblem of(HttpStatus status, Kind kind, String title, String detail) {
        return new ApiProblem(status, kind, title, detail, null, List.of(), Map.of());
    }

    ApiProblem withField(String field, List<FieldProblem> errors) {
        return new ApiProblem(status, kind, title, detail, field, errors, extras);
    }

    ApiProblem with(String name, Object value) {
        Map<String, Object> more = new LinkedHashMap<>(extras);
        more.put(name, value);
        return new ApiProblem(status, kind, title, detail, field, errors, more);
    }

    /** Whether the request asked for problem details: its Accept header names {@code application/problem+json}. */
    static boolean wanted(HttpServletRequest request) {
        return ProblemDetailsAsked.by(request);
    }

    /** The answer in the shape the request asked for. */
    ResponseEntity<Object> answer(HttpServletRequest request) {
        if (wanted(request)) {
            return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problemDetail(request.getRequestURI()));
        }
        return ResponseEntity.status(status).body(legacy());
    }

    /**
     * The first shape, exactly as before problem details: {@code error}, {@code detail} when there is one, {@code field}
     * when known, every problem's line in {@code problems} for a configuration, then the extras.
     */
    Map<String, Object> legacy() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", title);
        if (detail != null) {
            body.put("detail", detail);
        }
        if (field != null && !field.isEmpty()) {
            body.put("field", field);
        }
        if (kind == Kind.INVALID_CONFIG) {
            body.put("problems", errors.stream().map(FieldProblem::toString).toList());
        }
        body.putAll(extras);
        return body;
    }

    /**
     * RFC 9457: {@code type}, {@code title}, {@code status}, {@code detail}, {@code instance} (the request's path), and
     * the members {@code field}, {@code errors} (each {@code {entry?, field, message}}) and the extras.
     */
    ProblemDetail problemDetail(String path) {
        ProblemDetail problem = ProblemDetail.forStatus(status);
        problem.setType(kind.type());
        problem.setTitle(title);
        problem.setDetail(detail);
        try {
            problem.setInstance(path == null ? null : URI.create(path));
        } catch (IllegalArgumentException e) {
            // a path that is no URI reference is left out rather than failing the error itself
        }
        if (field != null && !field.isEmpty()) {
            problem.setProperty("field", field);
        }
        if (!errors.isEmpty()) {
            problem.setProperty("errors", errors.stream().map(ApiProblem::wire).toList());
        }
        extras.forEach(problem::setProperty);
        return problem;
    }

    private static Map<String, Object> wire(FieldProblem problem) {
        Map<String, Object> one = new LinkedHashMap<>();
        if (!problem.entry().isEmpty()) {
            one.put("entry", problem.entry());
        }
        one.put("field", problem.field());
        one.put("message", problem.message());
        return one;
    }
}
