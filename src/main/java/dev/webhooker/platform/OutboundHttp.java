package dev.webhooker.platform;

import java.io.IOException;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.hc.client5.http.ClientProtocolException;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.config.TlsConfig;
import org.apache.hc.client5.http.impl.ChainElement;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.concurrent.DefaultThreadFactory;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.nio.AsyncRequestProducer;
import org.apache.hc.core5.http.nio.entity.AsyncEntityProducers;
import org.apache.hc.core5.http.nio.ssl.TlsStrategy;
import org.apache.hc.core5.http.nio.support.AsyncRequestBuilder;
import org.apache.hc.core5.http2.HttpVersionPolicy;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.DeadlineTimeoutException;
import org.apache.hc.core5.util.Timeout;

/**
 * The HTTP client of every call webhooker makes to the outside: the bots' APIs (Discord, Telegram, Slack), GitHub, and
 * the URLs webhook, Teams and Slack incoming-webhook targets post to. One stack, Apache HttpClient's asynchronous
 * client: a call in flight holds a connection, not a thread, and its answer completes on one of the client's two I/O
 * threads. The client and its threads start with the first call, so an instance that calls nobody never starts them.
 * <p>
 * Each call has one timeout, which bounds the wait for one of the host's connections, each read, and the body once
 * the answer's head has come (so a receiver that trickles its body cannot hold the call open). Redirects are never
 * followed (a platform's URL can carry its token; a target's must not lead elsewhere), and of a body only the first
 * {@code keptChars} characters are kept: the rest is read and dropped.
 */
public final class OutboundHttp implements AutoCloseable {

    /** One request: {@code body} null sends none; {@code pinned}, when set, is the address to connect to for the host. */
    public record Request(String method, URI uri, Map<String, String> headers, String body, Duration timeout,
                          InetAddress pinned) {

        /** A request to whatever address the host name resolves to when the connection is made. */
        public static Request of(String method, URI uri, Map<String, String> headers, String body, Duration timeout) {
            return new Request(method, uri, headers, body, timeout, null);
        }
    }

    /** An answer: its status, its headers (names in lower case, first value each) and the kept start of its body. */
    public record Reply(int status, Map<String, String> headers, String body) {

        public Optional<String> header(String name) {
            return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
        }
    }

    /** No connection to the host was free within the call's timeout: the host's other calls held them all. */
    public static final class NoFreeConnection extends IOException {

        private static final long serialVersionUID = 1L;

        NoFreeConnection() {
            super("no free connection to the host");
        }
    }

    /** How much of a target's answer is kept: enough for an error text, which the delivery view bounds further. */
    public static final int TARGET_KEPT_CHARS = 4096;

    /** The context attribute through which the client tells a call that it is connected. */
    private static final String CONNECTED = "webhooker.connected";

    private final String threadName;
    private final Duration connectTimeout;
    private final int connectionsPerHost;
    private final int connections;
    private final HttpVersionPolicy versions;
    private final int keptChars;
    /** How connections are secured; null: the library's default (the JVM's trust store, host names verified). */
    private final TlsStrategy tls;
    private volatile CloseableHttpAsyncClient http;
    private volatile PoolingAsyncClientConnectionManager connectionPool;
    private boolean closed;

    OutboundHttp(String threadName, Duration connectTimeout, int connectionsPerHost, int connections,
                 HttpVersionPolicy versions, int keptChars, TlsStrategy tls) {
        this.threadName = threadName;
        this.connectTimeout = connectTimeout;
        this.connectionsPerHost = connectionsPerHost;
        this.connections = connections;
        this.versions = versions;
        this.keptChars = keptChars;
        this.tls = tls;
    }

    /**
     * For the platforms' APIs and GitHub: few hosts, many calls to each. HTTP/2 where the host offers it, the calls in
     * flight sharing a connection once its first call has handed it back (calls made before then open their own);
     * over HTTP/1.1 (an API URL on plain http) one call per connection. Up to 256 connections per host, well above the
     * 96 calls that a default instance's 32 deliveries of 3 targets make at once; bodies kept whole up to 4 Mi
     * characters.
     */
    public static OutboundHttp forApis(Duration connectTimeout) {
        return new OutboundHttp("platform-calls", connectTimeout, 256, 512, HttpVersionPolicy.NEGOTIATE, 4 * 1024 * 1024, null);
    }

    /**
     * For the URLs targets post to: HTTP/1.1, at most 8 connections per host so that no receiver takes them all, and
     * only the first 4,096 characters of an answer kept (enough for an error text).
     */
    public static OutboundHttp forTargets(Duration connectTimeout) {
        return new OutboundHttp("endpoint-poster", connectTimeout, 8, 64, HttpVersionPolicy.FORCE_HTTP_1, TARGET_KEPT_CHARS, null);
    }

    /** Whether a call has started the client yet. */
    public boolean isStarted() {
        return http != null;
    }

    private CloseableHttpAsyncClient http() {
        CloseableHttpAsyncClient started = http;
        return started != null ? started : start();
    }

    private synchronized CloseableHttpAsyncClient start() {
        if (closed) {
            throw new IllegalStateException("the " + threadName + " client is closed");
        }
        if (http == null) {
            PoolingAsyncClientConnectionManagerBuilder pool = PoolingAsyncClientConnectionManagerBuilder.create()
                    .setDefaultConnectionConfig(ConnectionConfig.custom().setConnectTimeout(Timeout.of(connectTimeout)).build())
                    .setDefaultTlsConfig(TlsConfig.custom().setVersionPolicy(versions).build())
                    .setMaxConnTotal(connections).setMaxConnPerRoute(connectionsPerHost)
                    // calls in flight together share a host's HTTP/2 connection (without this, each held one of its own)
                    .setMessageMultiplexing(versions != HttpVersionPolicy.FORCE_HTTP_1);
            if (tls != null) {
                pool.setTlsStrategy(tls);
            }
            PoolingAsyncClientConnectionManager connectionManager = pool.build();
            CloseableHttpAsyncClient client = HttpAsyncClients.custom()
                    .setConnectionManager(connectionManager)
                    // two I/O threads only start requests and read answers; what is made of an answer runs elsewhere
                    .setIOReactorConfig(IOReactorConfig.custom().setIoThreadCount(2).build())
                    .setThreadFactory(new DefaultThreadFactory(threadName, true))
                    .disableRedirectHandling()
                    .disableAutomaticRetries()
                    .disableCookieManagement()
                    .disableAuthCaching()
                    .setUserAgent("webhooker")
                    // tells the call that its connection is leased and connected (see exchange)
                    .addExecInterceptorAfter(ChainElement.CONNECT.name(), "webhooker-connected",
                            (request, entity, scope, chain, callback) -> {
                                if (scope.clientContext.getAttribute(CONNECTED) instanceof CompletableFuture<?> signal) {
                                    signal.complete(null);
                                }
                                chain.proceed(request, entity, scope, callback);
                            })
                    .build();
            client.start();
            connectionPool = connectionManager;
            http = client;
        }
        return http;
    }

    /**
     * The reply to {@code request}, or an {@link IOException}: {@link SocketTimeoutException} when the timeout ran
     * out, {@link NoFreeConnection} when no connection to the host was free within it, else the failure to connect or
     * to read the answer. Nothing waits for the answer.
     */
    public CompletableFuture<Reply> send(Request request) {
        AsyncRequestBuilder builder = AsyncRequestBuilder.create(request.method()).setUri(request.uri());
        request.headers().forEach(builder::setHeader);
        if (request.body() != null) {
            builder.setEntity(AsyncEntityProducers.create(request.body(), ContentType.APPLICATION_JSON));
        }
        HttpHost host = null;
        if (request.pinned() != null) {
            URI uri = request.uri();
            int port = uri.getPort() > 0 ? uri.getPort() : uri.getScheme().equalsIgnoreCase("https") ? 443 : 80;
            host = new HttpHost(uri.getScheme().toLowerCase(Locale.ROOT), request.pinned(), uri.getHost(), port);
        }
        return exchange(host, builder.build(), request.timeout());
    }

    /**
     * How many open connections wait in the pool for a call. An HTTP/2 connection is shared only once it has been
     * back there, which can be a moment after its call's reply arrived.
     */
    int idleConnections() {
        PoolingAsyncClientConnectionManager started = connectionPool;
        return started == null ? 0 : started.getTotalStats().getAvailable();
    }

    /**
     * {@link #send}, waited for on the caller's thread (for callers that are not on a delivery's path: the sync jobs,
     * the chat commands' look-ups, GitHub); an interrupt ends the wait with an {@link IOException}.
     */
    public Reply call(Request request) throws IOException {
        try {
            return send(request).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IllegalStateException("the call failed", e.getCause());
        }
    }

    /**
     * One request: its reply, or an I/O failure. {@code limit} bounds the wait for each read, and the body once the
     * head has come. It also bounds the wait for one of the host's connections: the pool checks that deadline only
     * when a connection comes back, which a slow receiver can put off for minutes, so a timer ends the wait too. When
     * the request is not connected within {@code limit} and the connect timeout, no connection was free within
     * {@code limit} (connecting alone fails sooner).
     */
    private CompletableFuture<Reply> exchange(HttpHost host, AsyncRequestProducer request, Duration limit) {
        HttpClientContext context = HttpClientContext.create();
        context.setRequestConfig(RequestConfig.custom().setConnectionRequestTimeout(Timeout.of(limit))
                .setResponseTimeout(Timeout.of(limit)).build());
        CompletableFuture<Reply> reply = new CompletableFuture<>();
        CompletableFuture<Void> connected = new CompletableFuture<>();
        context.setAttribute(CONNECTED, connected);
        connected.orTimeout(limit.plus(connectTimeout).toMillis(), TimeUnit.MILLISECONDS)
                .exceptionally(waited -> {
                    reply.completeExceptionally(new NoFreeConnection());
                    return null;
                });
        // a call that ends before it was connected (refused, cancelled) ends its timer too, rather than leave it queued
        reply.whenComplete((answered, failure) -> connected.complete(null));
        Runnable headArrived = () -> reply.orTimeout(limit.toMillis(), TimeUnit.MILLISECONDS);
        FutureCallback<Reply> callback = new FutureCallback<>() {
            @Override
            public void completed(Reply result) {
                reply.complete(result);
            }

            @Override
            public void failed(Exception failure) {
                // a malformed answer is the other side's doing, like a refused connection
                reply.completeExceptionally(failure instanceof HttpException ? new ClientProtocolException(failure)
                        // the pool's own deadline, seen when a connection came back too late
                        : failure instanceof DeadlineTimeoutException ? new NoFreeConnection() : failure);
            }

            @Override
            public void cancelled() {
                reply.cancel(false);
            }
        };
        ReplyReader reader = new ReplyReader(keptChars, headArrived);
        Future<Reply> call = host == null ? http().execute(request, reader, null, context, callback)
                : http().execute(host, request, reader, null, context, callback);
        return reply.exceptionallyCompose(failure -> {
            if (failure instanceof NoFreeConnection) {
                call.cancel(true);
            } else if (failure instanceof TimeoutException) {
                call.cancel(true);
                return CompletableFuture.failedFuture(new SocketTimeoutException("the body took longer than " + limit));
            }
            return CompletableFuture.failedFuture(failure);
        });
    }

    /** Stops the client, when a call started it, ending the calls still in flight. */
    @Override
    public synchronized void close() {
        closed = true;
        if (http != null) {
            http.close(CloseMode.GRACEFUL);
        }
    }
}
