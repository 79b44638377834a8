package dev.webhooker.ingress;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
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
import org.springframework.web.filter.OncePerRequestFilter;

import dev.webhooker.web.RequestGuardFilter;

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
 * <p>
 * What the container already holds of a body is read at once; a body still arriving after that is read
 * without blocking a thread: the request goes asynchronous, the container calls a read listener as bytes
 * arrive, and once the body is complete the request is dispatched again, now with its body, into the route.
 * A sender that drips its body byte by byte therefore holds a connection, not one of the container's few
 * threads, and cannot stall everyone else. A body not complete within {@code bodyTimeout}
 * (the body stopped, or arrives too slowly) is answered {@code 408} and the connection closed.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
class RawWebhookBodyFilter extends OncePerRequestFilter {

    /** Set by this filter only (a sender's own header of that name is replaced). */
    public static final String ORIGINAL_CONTENT_TYPE = "X-WebHooker-Original-Content-Type";
    private static final String OPAQUE = "application/octet-stream";
    /** The body as read by this filter: a byte[], or the exception that reading it ended with. */
    private static final String BODY = RawWebhookBodyFilter.class.getName() + ".body";

    private static final byte[] TIMED_OUT_BODY = "{\"error\":\"Request timeout\",\"detail\":\"the body did not arrive in time\"}"
            .getBytes(StandardCharsets.UTF_8);

    private final BoundedBodyReader reader;
    private final Duration bodyTimeout;

    public RawWebhookBodyFilter(BoundedBodyReader reader, @Value("${webhooker.ingress.body-timeout:15s}") Duration bodyTimeout) {
        this.reader = reader;
        this.bodyTimeout = bodyTimeout;
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

    /** The request comes back through the filters once its body is read (and again if Spring goes async). */
    @Override
    protected boolean shouldNotFilterAsyncDispatch() {
        return false;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getAttribute(BODY) != null) {
            chain.doFilter(new OpaqueBodyRequest(request), response);
            return;
        }
        if (!request.isAsyncSupported()) {
            pass(readBlocking(request), request, response, chain);
            return;
        }
        BoundedBodyReader.Collector collector;
        try {
            collector = reader.collector(request.getContentLengthLong());
        } catch (WebhookRejectedException e) {
            // answered by the route, like every other rejection; the body is left unread
            pass(e, request, response, chain);
            return;
        }
        Object whole = readWhatHasArrived(request, collector);
        if (whole != null) {
            // the usual webhook: its body came with the headers, so no thread waited on the sender
            pass(whole, request, response, chain);
            return;
        }
        AsyncContext async = request.startAsync(request, response);
        async.setTimeout(bodyTimeout.toMillis());
        new BodyRead(request, response, async, collector, reader).start();
    }

    /** Hands the request on with {@code body} (the bytes, or what reading them ended with) for the route. */
    private static void pass(Object body, HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        request.setAttribute(BODY, body);
        chain.doFilter(new OpaqueBodyRequest(request), response);
    }

    /** Whether a read of the body can be made now without waiting for the sender. */
    @FunctionalInterface
    private interface ReadReady {
        boolean now() throws IOException;
    }

    /**
     * Reads into {@code collector} while {@code ready} says a read will not wait, for the blocking first look
     * and the read listener alike. True once the body is complete (its end, or its declared length); throws
     * the 413 rejection once it passes the limit, counted here or by {@link RequestGuardFilter}.
     */
    private static boolean drain(ServletInputStream in, BoundedBodyReader.Collector collector, long declared,
                                 BoundedBodyReader reader, ReadReady ready) throws IOException {
        byte[] buffer = new byte[8192];
        try {
            while (ready.now()) {
                int n = in.read(buffer);
                if (n < 0) {
                    return true;
                }
                collector.add(buffer, n);
                if (collector.size() == declared) {
                    return true;
                }
            }
            return false;
        } catch (RequestGuardFilter.BodyTooLargeException e) {
            throw reader.tooLarge();
        }
    }

    /**
     * Reads what the container already holds of the body, which never waits (it has said so by
     * {@code available()}). Returns the outcome when that was the whole body (the bytes, or the rejection it
     * ended with), else null: the rest is read asynchronously into the same collector. Going asynchronous costs
     * a second dispatch through the filters and Spring, so it is only paid for a body that is still arriving.
     */
    private Object readWhatHasArrived(HttpServletRequest request, BoundedBodyReader.Collector collector) {
        long declared = request.getContentLengthLong();
        if (declared == 0) {
            return collector.bytes();
        }
        try {
            ServletInputStream in = request.getInputStream();
            return drain(in, collector, declared, reader, () -> in.available() > 0) ? collector.bytes() : null;
        } catch (WebhookRejectedException e) {
            return e;
        } catch (IOException e) {
            return new UncheckedIOException("reading the request body failed", e);
        }
    }

    private Object readBlocking(HttpServletRequest request) throws IOException {
        try {
            return reader.read(request.getInputStream(), request.getContentLengthLong());
        } catch (WebhookRejectedException | UncheckedIOException e) {
            return e;
        }
    }

    /**
     * One body read by the container's read-listener calls. Exactly one of three things ends it: the body is
     * complete (or refused as too large, or the read failed) and the request is dispatched to the route; or the
     * deadline passes first and the 408 is written here.
     */
    private static final class BodyRead implements ReadListener, AsyncListener {

        private final HttpServletRequest request;
        private final HttpServletResponse response;
        private final AsyncContext async;
        private final BoundedBodyReader.Collector collector;
        private final BoundedBodyReader reader;
        private final AtomicBoolean ended = new AtomicBoolean();
        private ServletInputStream in;

        BodyRead(HttpServletRequest request, HttpServletResponse response, AsyncContext async,
                 BoundedBodyReader.Collector collector, BoundedBodyReader reader) {
            this.request = request;
            this.response = response;
            this.async = async;
            this.collector = collector;
            this.reader = reader;
        }

        void start() throws IOException {
            async.addListener(this);
            in = request.getInputStream();
            in.setReadListener(this);
        }

        @Override
        public void onDataAvailable() throws IOException {
            try {
                if (drain(in, collector, request.getContentLengthLong(), reader, () -> !ended.get() && in.isReady())) {
                    dispatch(collector.bytes());
                }
            } catch (WebhookRejectedException e) {
                dispatch(e);
            }
        }

        @Override
        public void onAllDataRead() {
            dispatch(collector.bytes());
        }

        @Override
        public void onError(Throwable t) {
            dispatch(new UncheckedIOException("reading the request body failed",
                    t instanceof IOException io ? io : new IOException(t)));
        }

        private void dispatch(Object body) {
            if (ended.compareAndSet(false, true)) {
                request.setAttribute(BODY, body);
                async.dispatch();
            }
        }

        @Override
        public void onTimeout(AsyncEvent event) throws IOException {
            if (!ended.compareAndSet(false, true)) {
                return;
            }
            // written here, once: the route never saw this request
            response.setStatus(408);
            response.setContentType("application/json");
            response.setHeader("Connection", "close");
            response.setContentLength(TIMED_OUT_BODY.length);
            response.getOutputStream().write(TIMED_OUT_BODY);
            async.complete();
        }

        @Override
        public void onComplete(AsyncEvent event) {
        }

        @Override
        public void onError(AsyncEvent event) {
            if (ended.compareAndSet(false, true)) {
                async.complete();
            }
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
        }
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
