package dev.webhooker.web;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.apache.camel.CamelContext;
import org.springframework.boot.web.servlet.error.ErrorController;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Whatever the servlet container answers on its own (an unknown path, a failure before a Camel route
 * runs) is the same small JSON as the routes' errors: {@code {"error":"Not Found"}}, never a stack trace,
 * an HTML page or Spring's default error body with exception details.
 *
 * <p>Spring Boot starts Tomcat before the Camel routes, so for a moment at start-up every endpoint is
 * still unknown to the container. A 404 then would tell a sender its URL is wrong; it gets a 503 with
 * Retry-After instead, which retrying senders (and load balancers) take as "try again".
 */
@RestController
class JsonErrorController implements ErrorController {

    static final String RETRY_AFTER_SECONDS = "5";

    private final CamelContext camel;

    public JsonErrorController(CamelContext camel) {
        this.camel = camel;
    }

    @RequestMapping("/error")
    public ResponseEntity<Object> error(HttpServletRequest request) {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        // asked for directly (GET /error): there is no such page
        HttpStatus status = code == null ? HttpStatus.NOT_FOUND : statusOf(code);
        if (status == HttpStatus.NOT_FOUND && !camel.isStarted()) {
            return answer(request, HttpStatus.SERVICE_UNAVAILABLE, "Starting, retry later", null, RETRY_AFTER_SECONDS);
        }
        if (status == HttpStatus.UNSUPPORTED_MEDIA_TYPE) {
            return answer(request, status, status.getReasonPhrase(),
                    "the Content-Type is missing or not one this endpoint reads (the admin API reads application/json)", null);
        }
        return answer(request, status, status.getReasonPhrase(), null, null);
    }

    /**
     * RFC 9457 problem details when the request's Accept header names {@code application/problem+json} (as the admin
     * API answers then), else the small JSON every endpoint has always answered.
     */
    private static ResponseEntity<Object> answer(HttpServletRequest request, HttpStatus status, String title, String detail,
                                                 String retryAfter) {
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(status);
        if (retryAfter != null) {
            answer.header(HttpHeaders.RETRY_AFTER, retryAfter);
        }
        if (ProblemDetailsAsked.by(request)) {
            ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
            problem.setTitle(title);
            if (request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI) instanceof String path) {
                try {
                    problem.setInstance(URI.create(path));
                } catch (IllegalArgumentException e) {
                    // a path that is no URI reference is left out rather than failing the error itself
                }
            }
            return answer.contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
        }
        Map<String, String> body = new LinkedHashMap<>();
        body.put("error", title);
        if (detail != null) {
            body.put("detail", detail);
        }
        return answer.contentType(MediaType.APPLICATION_JSON).body(body);
    }


    private static HttpStatus statusOf(Object code) {
        if (code instanceof Integer value) {
            HttpStatus status = HttpStatus.resolve(value);
            if (status != null && status.isError()) {
                return status;
            }
        }
        return HttpStatus.INTERNAL_SERVER_ERROR;
    }
}
