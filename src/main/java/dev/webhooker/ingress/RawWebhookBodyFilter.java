package dev.webhooker.ingress;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
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
 * consumer as a bare 500. Webhook requests therefore reach the route as an opaque stream; the sender's
 * Content-Type travels in {@link #ORIGINAL_CONTENT_TYPE} and {@link PayloadParser} decodes forms itself.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
public class RawWebhookBodyFilter extends OncePerRequestFilter {

    /** Set by this filter only (a sender's own header of that name is replaced). */
    public static final String ORIGINAL_CONTENT_TYPE = "X-WebHooker-Original-Content-Type";
    private static final String OPAQUE = "application/octet-stream";

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return !"POST".equalsIgnoreCase(request.getMethod()) || !(path.equals("/webhook") || path.startsWith("/webhook/"));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        chain.doFilter(new OpaqueBodyRequest(request), response);
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
