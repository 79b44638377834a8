package dev.webhooker.platform.webhook;

import java.io.IOException;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
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
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.concurrent.DefaultThreadFactory;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.nio.entity.AsyncEntityProducers;
import org.apache.hc.core5.http.nio.support.AsyncRequestBuilder;
import org.apache.hc.core5.http2.HttpVersionPolicy;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.DeadlineTimeoutException;
import org.apache.hc.core5.util.Timeout;

import dev.webhooker.delivery.CallRecord;
import dev.webhooker.delivery.DeliveryTracing;
import dev.webhooker.delivery.ErrorCode;
import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.CallTries;
import dev.webhooker.platform.PlatformCallSettings;
import dev.webhooker.platform.limits.Quota;
import dev.webhooker.platform.limits.RateLimits;

/**
 * Posts JSON to a URL a route names (webhook, Slack incoming-webhook and Teams targets): the URL passes the
 * {@link TargetAddressGuard} and the connection goes to the address it checked (Apache HttpClient connects to the
 * address given with the host, while TLS still verifies the host name), redirects are never followed, and every call
 * has a timeout. An endpoint (a URL) that asked for a wait ({@code 429} or {@code 503} with {@code Retry-After}) is
 * waited for by every post to it from this instance — per URL, not per host: every Slack incoming webhook is on one
 * host, and each has its own limit — waits up to the rate-limit cap are waited out on a timer, longer ones come back as
 * {@code RATE_LIMITED}. An error never quotes the URL, which can carry a credential.
 * <p>
 * Posts are asynchronous (Apache HttpClient's asynchronous client, HTTP/1.1): a post in flight holds a connection,
 * not a thread. The client and its I/O threads are started by the first post, so an instance without URL targets
 * never starts them.
 */
public final class EndpointPoster implements AutoCloseable {

    /** A receiver cannot hold a delivery back for longer than this by asking for a wait. */
    static final Duration MAX_RETRY_AFTER = Duration.ofHours(1);

    /** The endpoint's answer: its status, the start of its body, and the wait it asked for. */
    public record Answer(int status, String text, Optional<Duration> retryAfter) {

        public boolean ok() {
            return status >= 200 && status < 300;
        }

        /**
         * What the answer comes to for a receiver without rules of its own: 2xx delivered; a wait asked for
         * (429 / 503 with {@code Retry-After}) rescheduled; 429 without one retried; 5xx {@code serverError} (retried),
         * anything else {@code refused} (final).
         */
        public SendOutcome outcome(ErrorCode refused, ErrorCode serverError) {
            if (ok()) {
                return SendOutcome.success(status, null, 1);
            }
            if (retryAfter.isPresent()) {
                return SendOutcome.rateLimited(retryAfter.get(), status, describe(), 1);
            }
            if (status == 429) {
                return SendOutcome.failure(ErrorCode.RETRIES, 429, describe(), 1);
            }
            return SendOutcome.failure(status >= 500 ? serverError : refused, status, describe(), 1);
        }

        /** {@code HTTP 404: no_service}, bounded. */
        public String describe() {
            return "HTTP " + status + (text.isBlank() ? "" : ": " + PlatformCallSettings.errorText(text.strip()));
        }
    }

    /**
     * An answer, or the outcome standing for the post when none came (refused address, unreachable, timeout, waiting);
     * and what was posted, with the answer, as the delivery view shows it (null when nothing was posted).
     */
    public record Result(Answer answer, SendOutcome failure, CallRecord call) {

        /** {@code outcome}, which the platform made of this result, with what was posted. */
        public SendOutcome recorded(SendOutcome outcome) {
            return call == null ? outcome : outcome.withCall(call);
        }
    }

    /** The headers whose values the delivery view shows: they tell how a post was signed and carry no credential. */
    /** The context attribute through which the client tells a post that it is connected. */
    private static final String CONNECTED = "webhooker.connected";

    private static final Set<String> SHOWN_HEADERS = Set.of("webhook-id", "webhook-timestamp", "webhook-signature", "content-type");

    private final TargetAddressGuard guard;
    private final PlatformCallSettings settings;
    private final Duration connectTimeout;
    private final RateLimits limits;
    private final Clock clock;
    private volatile CloseableHttpAsyncClient http;
    private boolean closed;

    EndpointPoster(TargetAddressGuard guard, PlatformCallSettings settings, Duration connectTimeout, RateLimits limits,
                   Clock clock) {
        this.guard = guard;
        this.settings = settings;
        this.connectTimeout = connectTimeout;
        this.limits = limits;
        this.clock = clock;
    }

    private CloseableHttpAsyncClient http() {
        CloseableHttpAsyncClient started = http;
        return started != null ? started : start();
    }

    private synchronized CloseableHttpAsyncClient start() {
        if (closed) {
            throw new IllegalStateException("the endpoint poster is closed");
        }
        if (http == null) {
            CloseableHttpAsyncClient client = HttpAsyncClients.custom()
                    .setConnectionManager(PoolingAsyncClientConnectionManagerBuilder.create()
                            .setDefaultConnectionConfig(ConnectionConfig.custom()
                                    .setConnectTimeout(Timeout.of(connectTimeout)).build())
                            .setDefaultTlsConfig(TlsConfig.custom().setVersionPolicy(HttpVersionPolicy.FORCE_HTTP_1).build())
                            .setMaxConnTotal(64).setMaxConnPerRoute(8).build())
                    // two I/O threads only start requests and read answers; the rest of a send goes back to the route
                    .setIOReactorConfig(IOReactorConfig.custom().setIoThreadCount(2).build())
                    .setThreadFactory(new DefaultThreadFactory("endpoint-poster", true))
                    .disableRedirectHandling()
                    .disableAutomaticRetries()
                    .disableCookieManagement()
                    .disableAuthCaching()
                    .setUserAgent("webhooker")
                    // tells the post that its connection is leased and connected (see exchange)
                    .addExecInterceptorAfter(ChainElement.CONNECT.name(), "webhooker-connected",
                            (request, entity, scope, chain, callback) -> {
                                if (scope.clientContext.getAttribute(CONNECTED) instanceof CompletableFuture<?> signal) {
                                    signal.complete(null);
                                }
                                chain.proceed(request, entity, scope, callback);
                            })
                    .build();
            client.start();
            http = client;
        }
        return http;
    }

    /**
     * The poster behind the address guard for {@code allowList} (WEBHOOK_TARGET_ALLOW); an entry that is not a host
     * name, an address or a CIDR range is an {@link IllegalArgumentException}.
     */
    public static EndpointPoster guarded(String allowList, PlatformCallSettings settings, Duration connectTimeout,
                                         RateLimits limits, Clock clock) {
        return new EndpointPoster(TargetAddressGuard.allowing(allowList, InetAddress::getAllByName), settings, connectTimeout,
                limits, clock);
    }

    /**
     * The URL's rate-limit key. The limits may be kept in Redis or the database, and a Slack or Teams URL is the
     * credential to post to its channel, so the key names the URL by its fingerprint: the credential goes nowhere,
     * and a long URL makes no long key. The meters take the part before the colon.
     */
    static String limitKey(String platform, URI url) {
        return platform + ":" + Quota.fingerprint(url.toString());
    }

    /**
     * Posts {@code json} with {@code headers} (and the delivery's {@code traceparent}); {@code platform} names the
     * target kind in errors and rate-limit keys; {@code timeout} null is the platform call default. The address check,
     * the rate-limit turn and the request are made on the caller's thread; no thread waits for the turn's delay or for
     * the answer, which completes the result on the client's I/O thread.
     */
    public CompletableFuture<Result> post(String platform, URI url, Map<String, String> headers, String json, Duration timeout) {
        TargetAddressGuard.Decision decision = guard.check(url);
        if (decision.unresolved() != null) {
            return failed(SendOutcome.failure(ErrorCode.NETWORK, null, platform + " target unreachable: " + decision.unresolved(), 0));
        }
        if (!decision.allowed()) {
            return failed(SendOutcome.failure(ErrorCode.TARGET_BLOCKED, null, platform + " target refused: " + decision.refusal(), 0));
        }
        String key = limitKey(platform, url);
        RateLimits.Admission admission = limits.admit(settings.rateLimitCap(), List.of(key), List.of());
        if (admission.deferred().isPresent()) {
            Duration deferred = admission.deferred().get();
            return failed(SendOutcome.rateLimited(deferred, null, platform + " target on " + url.getHost()
                    + " asked to wait " + deferred.toSeconds() + " s", 0));
        }
        AsyncRequestBuilder post = AsyncRequestBuilder.post(url);
        headers.forEach(post::setHeader);
        CallRecord record = CallRecord.request("POST", CallRecord.hostOnly(url), shown(headers), json);
        DeliveryTracing.currentHeader().ifPresent(traceparent -> post.setHeader(DeliveryTracing.HEADER, traceparent));
        post.setEntity(AsyncEntityProducers.create(json, ContentType.APPLICATION_JSON));
        Duration limit = timeout == null ? settings.requestTimeout() : timeout;
        HttpClientContext context = HttpClientContext.create();
        context.setRequestConfig(RequestConfig.custom().setConnectionRequestTimeout(Timeout.of(limit))
                .setResponseTimeout(Timeout.of(limit)).build());
        int port = url.getPort() > 0 ? url.getPort() : url.getScheme().equalsIgnoreCase("https") ? 443 : 80;
        HttpHost pinned = new HttpHost(url.getScheme().toLowerCase(Locale.ROOT), decision.address(), url.getHost(), port);
        return CallTries.after(admission.delay(), () -> exchange(pinned, post, context, limit))
                .thenCompose(answer -> answer.retryAfter().isEmpty() ? CompletableFuture.completedFuture(answer)
                        // the limits may be kept in Redis or the database: not on the client's I/O thread
                        : CompletableFuture.supplyAsync(() -> {
                            limits.block(key, answer.retryAfter().get());
                            return answer;
                        }))
                .handle((answer, failure) -> {
                    if (failure == null) {
                        return new Result(answer, null, record.answered(answer.status(), answer.text()));
                    }
                    IOException io = CallTries.ioFailure(failure);
                    if (io instanceof NoFreeConnection) {
                        // nothing was sent, and the host's other posts (maybe another group's) held it up: a wait,
                        // like a rate limit, not a failure of this endpoint that would use up its retries
                        return new Result(null, SendOutcome.rateLimited(limit, null,
                                platform + " target busy: no free connection to its host within " + limit, 0), null);
                    }
                    String error = io instanceof SocketTimeoutException ? " target timed out after " + limit
                            : " target unreachable: " + io.getClass().getSimpleName();
                    return new Result(null, SendOutcome.failure(ErrorCode.NETWORK, null, platform + error, 1), record);
                });
    }

    /**
     * One request to {@code pinned}: its answer, or an I/O failure. As with any post, {@code limit} bounds the wait
     * for each read; it also bounds the body once the answer's head has come, so a receiver that trickles its body
     * cannot hold the post and the connection open.
     * <p>
     * {@code limit} also bounds the wait for one of the host's connections. The pool checks that deadline only when a
     * connection comes back, which a slow receiver can put off for minutes, so a timer ends the wait too: when the
     * request is not connected within {@code limit} and the connect timeout, no connection was free within
     * {@code limit} (connecting alone fails sooner).
     */
    private CompletableFuture<Answer> exchange(HttpHost pinned, AsyncRequestBuilder post, HttpClientContext context,
                                               Duration limit) {
        CompletableFuture<Answer> answer = new CompletableFuture<>();
        CompletableFuture<Void> connected = new CompletableFuture<>();
        context.setAttribute(CONNECTED, connected);
        connected.orTimeout(limit.plus(connectTimeout).toMillis(), TimeUnit.MILLISECONDS)
                .exceptionally(waited -> {
                    answer.completeExceptionally(new NoFreeConnection());
                    return null;
                });
        Runnable headArrived = () -> answer.orTimeout(limit.toMillis(), TimeUnit.MILLISECONDS);
        Future<Answer> call = http().execute(pinned, post.build(), new AnswerReader(clock, headArrived), null, context,
                new FutureCallback<>() {
                    @Override
                    public void completed(Answer result) {
                        answer.complete(result);
                    }

                    @Override
                    public void failed(Exception failure) {
                        // a malformed answer is the endpoint's doing, like a refused connection
                        answer.completeExceptionally(failure instanceof HttpException ? new ClientProtocolException(failure)
                                // the pool's own deadline, seen when a connection came back too late
                                : failure instanceof DeadlineTimeoutException ? new NoFreeConnection() : failure);
                    }

                    @Override
                    public void cancelled() {
                        answer.cancel(false);
                    }
                });
        return answer.exceptionallyCompose(failure -> {
            if (failure instanceof NoFreeConnection) {
                call.cancel(true);
            } else if (failure instanceof TimeoutException) {
                call.cancel(true);
                return CompletableFuture.failedFuture(new SocketTimeoutException("the body took longer than " + limit));
            }
            return CompletableFuture.failedFuture(failure);
        });
    }

    /** No connection to the host was free within the post's timeout: the host's other posts held them all. */
    private static final class NoFreeConnection extends IOException {
    }

    private static CompletableFuture<Result> failed(SendOutcome outcome) {
        return CompletableFuture.completedFuture(new Result(null, outcome, null));
    }

    /** The headers as the delivery view shows them: a static header of the target (Authorization…) is withheld. */
    private static Map<String, String> shown(Map<String, String> headers) {
        Map<String, String> shown = new LinkedHashMap<>();
        headers.forEach((name, value) -> shown.put(name, SHOWN_HEADERS.contains(name.toLowerCase(Locale.ROOT)) ? value : CallRecord.WITHHELD));
        return shown;
    }

    /** Stops the client, when a post started it, ending the posts still in flight. */
    @Override
    public synchronized void close() {
        closed = true;
        if (http != null) {
            http.close(CloseMode.GRACEFUL);
        }
    }
}
