package dev.webhooker.ingress;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Keeps the servlet container and Camel's HTTP binding away from webhook bodies. A form-encoded POST
 * (GitHub's "application/x-www-form-urlencoded" hook setting) would otherwise be parsed into parameters
 * before our route runs: read whole, outside the byte limit, and a malformed one fails inside Camel's
 * consumer as a bare 500. Webhook requests therefore reach the route as an opaque request; the sender's
 * Content-Type travels in {@link #ORIGINAL_CONTENT_TYPE} and {@link PayloadParser} decodes forms itself.
 * <p>
 * The body itself is read here, through the byte-limited {@link BoundedBodyReader}, and handed to the
 * route as a request attribute ({@link #bodyOf}); Camel is shown an empty body. Camel's Spring Boot
 * platform-http binding would otherwise copy every body, whole and before any route step, into its stream
 * cache ({@code useStreaming} is not honoured there): an oversized chunked body was buffered in full before
 * the route could answer 413, and the copies were about half of all memory allocated per webhook.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
public class RawWebhookBodyFilter extends OncePerRequestFilter {

    /** Set by this filter only (a sender's own header of that name is replaced). */
    public static final String ORIGINAL_CONTENT_TYPE = "X-WebHooker-Original-Content-Type";
    private static final String OPAQUE = "application/octet-stream";
    /** The body as read by this filter: a byte[], or the exception that reading it ended with. */
    private static final String BODY = RawWebhookBodyFilter.class.getName() + ".body";

    private final BoundedBodyReader reader;

    public RawWebhookBodyFilter(BoundedBodyReader reader) {
        this.reader = reader;
    }

    /**
     * The body this filter read for {@code request}, or null when it did not filter it. Throws what reading
     * it ended with: {@link WebhookRejectedException} (too large) or {@link UncheckedIOException}.
     */
    public static byte[] bodyOf(HttpServletRequest request) {
        Object body = request.getAttribute(BODY);
        if (body instanceof RuntimeException failure) {
            throw failure;
        }
        return (byte[]) body;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return !"POST".equalsIgnoreCase(request.getMethod()) || !(path.equals("/webhook") || path.startsWith("/webhook/"));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Object body;
        try {
            body = reader.read(request.getInputStream(), request.getContentLengthLong());
        } catch (WebhookRejectedException | UncheckedIOException e) {
            // answered by the route, like every other rejection; the rest of the body is left unread
            body = e;
        }
        request.setAttribute(BODY, body);
        chain.doFilter(new OpaqueBodyRequest(request), response);
    }

    /** What Camel reads instead of the body: nothing (a zero length makes its binding skip the body). */
    private static final class EmptyInput extends ServletInputStream {

        @Override
        public boolean isFinished() {
            return true;
        }

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
            try {
                listener.onAllDataRead();
            } catch (IOException e) {
                listener.onError(e);
            }
        }

        @Override
        public int read() {
            return -1;
        }
    }

    private static final class OpaqueBodyRequest extends HttpServletRequestWrapper {

        private final String original;

        OpaqueBodyRequest(HttpServletRequest request) {
            super(request);
            this.original = request.getContentType();
        }

        @Override
        public String getContentType() {
            return OPAQUE;
        }

        @Override
        public int getContentLength() {
            return 0;
        }

        @Override
        public long getContentLengthLong() {
            return 0;
        }

        @Override
        public ServletInputStream getInputStream() {
            return new EmptyInput();
        }

        @Override
        public String getHeader(String name) {
            if ("Content-Type".equalsIgnoreCase(name)) {
                return OPAQUE;
            }
            if (ORIGINAL_CONTENT_TYPE.equalsIgnoreCase(name)) {
                return original;
            }
            return super.getHeader(name);
        }

        @Override
        public Enumeration<String> getHeaders(String name) {
            if ("Content-Type".equalsIgnoreCase(name) || ORIGINAL_CONTENT_TYPE.equalsIgnoreCase(name)) {
                String value = getHeader(name);
                return value == null ? Collections.emptyEnumeration() : Collections.enumeration(List.of(value));
            }
            return super.getHeaders(name);
        }

        @Override
        public Enumeration<String> getHeaderNames() {
            List<String> names = new ArrayList<>();
            for (Enumeration<String> e = super.getHeaderNames(); e.hasMoreElements(); ) {
                String name = e.nextElement();
                if (!ORIGINAL_CONTENT_TYPE.equalsIgnoreCase(name)) {
                    names.add(name);
                }
            }
            if (original != null) {
                names.add(ORIGINAL_CONTENT_TYPE);
            }
            return Collections.enumeration(names);
        }
    }
}
