package dev.webhooker.web;

import java.io.IOException;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * An answer given before the request's body was read, which then closes the connection instead of reading the
 * rest of the body. Tomcat, after a synchronous answer, reads whatever is left of the body on its own thread
 * (so the connection can be reused) unless the status is one it closes on (400, 408, 413, 500...): a sender
 * dripping the body of a request answered 401 or 404 held a thread as long as it dripped. After an asynchronous
 * answer with {@code Connection: close}, Tomcat closes the connection without reading further, so the answer
 * is written inside a request put into asynchronous mode and completed at once.
 */
public final class EarlyAnswer {

    private EarlyAnswer() {
    }

    /** Whether {@code request} declares a body (a length, or chunks). */
    public static boolean hasBody(HttpServletRequest request) {
        long declared = request.getContentLengthLong();
        return declared > 0 || (declared < 0 && request.getHeader("Transfer-Encoding") != null);
    }

    /** Answers {@code status} with {@code {"error":…,"detail":…}} and closes the connection, leaving the body unread. */
    public static void json(HttpServletRequest request, HttpServletResponse response, int status, String error, String detail)
            throws IOException {
        write(request, response, status, "application/json", RequestGuardFilter.json(error, detail));
    }

    /** Answers {@code status} with {@code body} of {@code contentType} and closes the connection, leaving the body unread. */
    public static void write(HttpServletRequest request, HttpServletResponse response, int status, String contentType, byte[] body)
            throws IOException {
        AsyncContext async = hasBody(request) && request.isAsyncSupported() && !request.isAsyncStarted()
                ? request.startAsync(request, response) : null;
        response.setStatus(status);
        response.setHeader("Connection", "close");
        response.setContentType(contentType);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
        if (async != null) {
            async.complete();
        }
    }
}
