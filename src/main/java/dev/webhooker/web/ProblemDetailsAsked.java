package dev.webhooker.web;

import java.util.Collections;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;

/**
 * Whether a request asked for RFC 9457 problem details: its Accept header names {@code application/problem+json}
 * (with a quality above zero). Errors are answered in that shape then, and in the service's first shape
 * ({@code {"error": …, "detail": …}}) otherwise, which existing clients read.
 */
public final class ProblemDetailsAsked {

    private ProblemDetailsAsked() {
    }

    public static boolean by(HttpServletRequest request) {
        try {
            return MediaType.parseMediaTypes(Collections.list(request.getHeaders(HttpHeaders.ACCEPT))).stream()
                    .anyMatch(m -> m.equalsTypeAndSubtype(MediaType.APPLICATION_PROBLEM_JSON) && m.getQualityValue() > 0);
        } catch (InvalidMediaTypeException e) {
            return false;
        }
    }
}
