package dev.webhooker.platform;

import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * An {@link HttpClient} that builds the real one on its first use and hands every call to it.
 * <p>
 * Building a JDK client sets up TLS at once (the default SSL context, the trust store, about 430 classes).
 * On every start that cost a few hundred milliseconds and about 9 MiB of resident memory
 * (bench/results/2026-11-30-p.md), also for an instance that never calls a platform. Deferring it costs
 * the first platform call that time once.
 */
public final class LazyHttpClient extends HttpClient {

    private final Supplier<HttpClient> factory;
    private volatile HttpClient client;

    public LazyHttpClient(Supplier<HttpClient> factory) {
        this.factory = Objects.requireNonNull(factory, "factory");
    }

    /** Whether the real client has been built yet. */
    public boolean isBuilt() {
        return client != null;
    }

    /**
     * Closes the built client where the JDK's client can be closed (Java 21 and later, where this overrides
     * {@code HttpClient.close()}); Spring calls it when the application stops. Never builds one to close it.
     * On Java 17 there is nothing to close: the client's threads are daemons that end when idle.
     */
    public void close() {
        if (client instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                throw new IllegalStateException("closing the platform HTTP client failed", e);
            }
        }
    }

    private HttpClient client() {
        HttpClient built = client;
        if (built == null) {
            synchronized (this) {
                built = client;
                if (built == null) {
                    built = Objects.requireNonNull(factory.get(), "the factory built no client");
                    client = built;
                }
            }
        }
        return built;
    }

    @Override
    public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
            throws IOException, InterruptedException {
        return client().send(request, handler);
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
        return client().sendAsync(request, handler);
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler,
                                                            HttpResponse.PushPromiseHandler<T> pushPromises) {
        return client().sendAsync(request, handler, pushPromises);
    }

    @Override
    public WebSocket.Builder newWebSocketBuilder() {
        return client().newWebSocketBuilder();
    }

    @Override
    public Optional<CookieHandler> cookieHandler() {
        return client().cookieHandler();
    }

    @Override
    public Optional<Duration> connectTimeout() {
        return client().connectTimeout();
    }

    @Override
    public Redirect followRedirects() {
        return client().followRedirects();
    }

    @Override
    public Optional<ProxySelector> proxy() {
        return client().proxy();
    }

    @Override
    public SSLContext sslContext() {
        return client().sslContext();
    }

    @Override
    public SSLParameters sslParameters() {
        return client().sslParameters();
    }

    @Override
    public Optional<Authenticator> authenticator() {
        return client().authenticator();
    }

    @Override
    public Version version() {
        return client().version();
    }

    @Override
    public Optional<Executor> executor() {
        return client().executor();
    }
}
