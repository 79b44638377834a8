package dev.webhooker.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.util.unit.DataSize;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The first check of every request, whatever its path.
 * <ul>
 *   <li>The path must be written plainly: no percent-encoding, no {@code ;} path parameters, no empty or dot
 *       segments, no backslash. The servlet container and Spring decode and strip such paths before matching,
 *       so {@code /%77ebhook} or {@code /webhook;x=1} would reach a route while every check that compares
 *       the raw path (the webhook body reader's among them) missed it. Such a request is a 400 here.</li>
 *   <li>No body may pass {@code WEBHOOK_MAX_BODY_BYTES}: a declared length over it is a 413 here, and a chunked
 *       body is cut off there, so nothing can make the service buffer more.</li>
 * </ul>
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
public class RequestGuardFilter extends OncePerRequestFilter {

    /** Unreserved and sub-delimiter characters of RFC 3986, and ':' and '@': a segment needs no encoding. */
    private static final Pattern PLAIN_PATH = Pattern.compile("(/[A-Za-z0-9._~!$&'()*+,=:@-]+)*/?");
    private static final byte[] NOT_PLAIN = json("Bad request", "the path must be written plainly: no percent-encoding, "
            + "';' parameters, empty or dot segments");

    private final long maxBodyBytes;

    public RequestGuardFilter(@Value("${webhooker.ingress.max-body-bytes:1MB}") DataSize maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes.toBytes();
    }

    /** Whether {@code rawPath} (as sent, before any decoding) is plainly written. */
    static boolean isPlain(String rawPath) {
        if (rawPath == null || !PLAIN_PATH.matcher(rawPath).matches()) {
            return false;
        }
        for (String segment : rawPath.split("/", -1)) {
            if (segment.equals(".") || segment.equals("..")) {
                return false;
            }
        }
        return true;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!isPlain(request.getRequestURI())) {
            write(response, 400, NOT_PLAIN);
            return;
        }
        long declared = request.getContentLengthLong();
        if (declared > maxBodyBytes) {
            response.setHeader("Connection", "close");
            write(response, 413, json("Request too large", "the body limit is " + maxBodyBytes + " bytes"));
            return;
        }
        chain.doFilter(declared < 0 ? new LimitedBodyRequest(request, maxBodyBytes) : request, response);
    }

    private static void write(HttpServletResponse response, int status, byte[] body) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    static byte[] json(String error, String detail) {
        String text = detail == null ? "{\"error\":\"" + error + "\"}" : "{\"error\":\"" + error + "\",\"detail\":\"" + detail + "\"}";
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** A body of unknown length (chunked) whose reader fails once it passes the limit. */
    private static final class LimitedBodyRequest extends HttpServletRequestWrapper {

        private final long limit;
        private ServletInputStream limited;

        LimitedBodyRequest(HttpServletRequest request, long limit) {
            super(request);
            this.limit = limit;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (limited == null) {
                limited = new LimitedInput(super.getInputStream(), limit);
            }
            return limited;
        }
    }

    private static final class LimitedInput extends ServletInputStream {

        private final ServletInputStream in;
        private final long limit;
        private long read;

        LimitedInput(ServletInputStream in, long limit) {
            this.in = in;
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = in.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) throws IOException {
            read += n;
            if (read > limit) {
                throw new BodyTooLargeException(limit);
            }
        }

        @Override
        public boolean isFinished() {
            return in.isFinished();
        }

        @Override
        public boolean isReady() {
            return in.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            in.setReadListener(listener);
        }
    }

    /** Thrown by a chunked body's reader at the limit; whoever reads it refuses the request. */
    public static final class BodyTooLargeException extends IOException {
        BodyTooLargeException(long limit) {
            super("the body limit is " + limit + " bytes");
        }
    }
}
