package dev.webhooker.web;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.util.unit.DataSize;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Reads the body of every request (but the webhooks', which their own filter reads the same way) before anything
 * else sees it, without holding one of the container's threads while it arrives, and within a deadline.
 * <p>
 * What the container already holds of the body is read at once; usually that is all of it. A body still arriving
 * is read by a read listener the container calls as bytes come, with the request in asynchronous mode, and once
 * it is complete the request is dispatched again with its body, which everything after this filter (the sign-in
 * filters, Spring MVC, form parameters) then reads from memory: a sender dripping its body holds a connection,
 * not a thread. A body not complete within {@code WEBHOOK_BODY_TIMEOUT} is answered 408, one over
 * {@code WEBHOOK_MAX_BODY_BYTES} 413, and the connection is closed without reading the rest.
 * <p>
 * The dispatch that resumes a request after its body arrived is, to the filters and handlers after this one, the
 * request itself ({@link BufferedBodyRequest#getDispatcherType()}): none of them ran on the first pass, and each
 * must run once, as for any request. The security filter is registered for asynchronous dispatches for this.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 20)
class RequestBodyFilter extends OncePerRequestFilter {

    /** The body read asynchronously, until the dispatch that resumes the request takes it. */
    private static final String BODY = RequestBodyFilter.class.getName() + ".body";
    /** Room reserved up front for a declared length; a larger body grows as it arrives. */
    private static final int INITIAL_BUFFER = 64 * 1024;

    private final long maxBodyBytes;
    private final Duration bodyTimeout;

    RequestBodyFilter(@Value("${webhooker.ingress.max-body-bytes:1MB}") DataSize maxBodyBytes,
                             @Value("${webhooker.ingress.body-timeout:15s}") Duration bodyTimeout) {
        this.maxBodyBytes = maxBodyBytes.toBytes();
        this.bodyTimeout = bodyTimeout;
    }

    /** The request comes back through the filters once its body is read. */
    @Override
    protected boolean shouldNotFilterAsyncDispatch() {
        return false;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getDispatcherType() == DispatcherType.ASYNC) {
            Object body = request.getAttribute(BODY);
            request.removeAttribute(BODY);
            chain.doFilter(body instanceof byte[] bytes ? new BufferedBodyRequest(request, bytes, true) : request, response);
            return;
        }
        if (request.getDispatcherType() != DispatcherType.REQUEST || !EarlyAnswer.hasBody(request) || !request.isAsyncSupported()) {
            chain.doFilter(request, response);
            return;
        }
        Collector collector = new Collector(request.getContentLengthLong(), maxBodyBytes);
        ServletInputStream in = request.getInputStream();
        try {
            if (collector.drain(in, () -> in.available() > 0)) {
                // the usual case: the body came with the headers, nobody waited
                chain.doFilter(new BufferedBodyRequest(request, collector.bytes(), false), response);
                return;
            }
        } catch (RequestGuardFilter.BodyTooLargeException e) {
            EarlyAnswer.json(request, response, 413, "Request too large", "the body limit is " + maxBodyBytes + " bytes");
            return;
        }
        AsyncContext async = request.startAsync(request, response);
        async.setTimeout(bodyTimeout.toMillis());
        BodyRead read = new BodyRead(request, response, async, collector, in, maxBodyBytes);
        async.addListener(read);
        in.setReadListener(read);
    }

    /** Whether a read can be made now without waiting for the sender. */
    @FunctionalInterface
    private interface ReadReady {
        boolean now() throws IOException;
    }

    /** One body in progress, at most the limit; read by one thread at a time (the container's read-listener calls). */
    private static final class Collector {

        private final long declared;
        private final long limit;
        private final ByteArrayOutputStream out;

        Collector(long declared, long limit) {
            this.declared = declared;
            this.limit = limit;
            this.out = new ByteArrayOutputStream((int) Math.min(Math.max(declared, 8192), INITIAL_BUFFER));
        }

        /** Reads while {@code ready} says a read will not wait; true once the body is complete. */
        boolean drain(ServletInputStream in, ReadReady ready) throws IOException {
            byte[] buffer = new byte[8192];
            while (!in.isFinished() && ready.now()) {
                int n = in.read(buffer);
                if (n < 0) {
                    return true;
                }
                if (out.size() + (long) n > limit) {
                    throw new RequestGuardFilter.BodyTooLargeException(limit);
                }
                out.write(buffer, 0, n);
                if (out.size() == declared) {
                    return true;
                }
            }
            return in.isFinished();
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }

    /**
     * A body read by the container's read-listener calls. Exactly one thing ends it: the body is complete and the
     * request dispatched again; it is too large, or the deadline passes, and the answer (413, 408) is written here;
     * or the connection fails.
     */
    private static final class BodyRead implements ReadListener, AsyncListener {

        private final HttpServletRequest request;
        private final HttpServletResponse response;
        private final AsyncContext async;
        private final Collector collector;
        private final ServletInputStream in;
        private final long limit;
        private final AtomicBoolean ended = new AtomicBoolean();

        BodyRead(HttpServletRequest request, HttpServletResponse response, AsyncContext async, Collector collector,
                 ServletInputStream in, long limit) {
            this.request = request;
            this.response = response;
            this.async = async;
            this.collector = collector;
            this.in = in;
            this.limit = limit;
        }

        @Override
        public void onDataAvailable() throws IOException {
            try {
                if (collector.drain(in, () -> !ended.get() && in.isReady())) {
                    resume();
                }
            } catch (RequestGuardFilter.BodyTooLargeException e) {
                end(413, "Request too large", "the body limit is " + limit + " bytes");
            }
        }

        @Override
        public void onAllDataRead() {
            resume();
        }

        @Override
        public void onError(Throwable t) {
            // the sender is gone: nobody to answer
            if (ended.compareAndSet(false, true)) {
                async.complete();
            }
        }

        @Override
        public void onTimeout(AsyncEvent event) throws IOException {
            end(408, "Request timeout", "the body did not arrive in time");
        }

        @Override
        public void onError(AsyncEvent event) {
            onError(event.getThrowable());
        }

        @Override
        public void onComplete(AsyncEvent event) {
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
        }

        private void resume() {
            if (ended.compareAndSet(false, true)) {
                request.setAttribute(BODY, collector.bytes());
                async.dispatch();
            }
        }

        /** Written here, once: nothing after this filter saw the request; the connection closes unread. */
        private void end(int status, String error, String detail) throws IOException {
            if (!ended.compareAndSet(false, true)) {
                return;
            }
            byte[] body = RequestGuardFilter.json(error, detail);
            response.setStatus(status);
            response.setContentType("application/json");
            response.setHeader("Connection", "close");
            response.setContentLength(body.length);
            response.getOutputStream().write(body);
            async.complete();
        }
    }
}
