package dev.webhooker.platform.webhook;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;

import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.ParseException;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.util.Timeout;

import dev.webhooker.delivery.DeliveryTracing;
import dev.webhooker.delivery.ErrorCode;
import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.PlatformCallSettings;

/**
 * Posts a signed event to a webhook target (Standard Webhooks): the URL passes the {@link TargetAddressGuard} and the
 * connection goes to the address it checked (Apache HttpClient connects to the address given with the host, while
 * TLS still verifies the host name), redirects are never followed, and there is a timeout on every call.
 * <p>
 * The answers, as the retry rules read them: 2xx delivered; 410 Gone: the receiver asks to stop
 * ({@link ErrorCode#WEBHOOK_GONE}); 429 and 503 with {@code Retry-After} wait that long (at most
 * {@link #MAX_RETRY_AFTER}); other 4xx and 3xx are final ({@link ErrorCode#WEBHOOK_ERROR}); 5xx, a 429 without
 * {@code Retry-After} and network errors are retried. An error never quotes the URL, which can carry a credential.
 */
final class WebhookClient implements AutoCloseable {

    /** A receiver cannot hold a delivery back for longer than this by asking for a wait. */
    static final Duration MAX_RETRY_AFTER = Duration.ofHours(1);

    private final CloseableHttpClient http;
    private final TargetAddressGuard guard;
    private final PlatformCallSettings settings;
    private final Clock clock;

    public WebhookClient(TargetAddressGuard guard, PlatformCallSettings settings, Duration connectTimeout, Clock clock) {
        this.guard = guard;
        this.settings = settings;
        this.clock = clock;
        this.http = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(Timeout.of(connectTimeout)).build())
                        .setMaxConnTotal(64).setMaxConnPerRoute(8).build())
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableCookieManagement()
                .disableAuthCaching()
                .setUserAgent("webhooker")
                .build();
    }

    public SendOutcome post(WebhookRequest request) {
        TargetAddressGuard.Decision decision = guard.check(request.url());
        if (decision.unresolved() != null) {
            return SendOutcome.failure(ErrorCode.NETWORK, null, "webhook target unreachable: " + decision.unresolved(), 0);
        }
        if (!decision.allowed()) {
            return SendOutcome.failure(ErrorCode.TARGET_BLOCKED, null, "webhook target refused: " + decision.refusal(), 0);
        }
        URI url = request.url();
        byte[] body = request.body().getBytes(StandardCharsets.UTF_8);
        long timestamp = clock.instant().getEpochSecond();
        HttpPost post = new HttpPost(url);
        request.headers().forEach((name, value) -> {
            if (!WebhookRequest.SIGNED_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                post.setHeader(name, value);
            }
        });
        // the delivery's trace goes on to the receiver, as to Discord and Telegram
        DeliveryTracing.currentHeader().ifPresent(traceparent -> post.setHeader(DeliveryTracing.HEADER, traceparent));
        post.setHeader("webhook-id", request.messageId());
        post.setHeader("webhook-timestamp", Long.toString(timestamp));
        post.setHeader("webhook-signature", WebhookSignature.sign(request.secrets(), request.messageId(), timestamp, body));
        post.setEntity(new StringEntity(request.body(), ContentType.APPLICATION_JSON));
        Duration timeout = request.timeout() == null ? settings.requestTimeout() : request.timeout();
        post.setConfig(RequestConfig.custom().setResponseTimeout(Timeout.of(timeout)).build());
        int port = url.getPort() > 0 ? url.getPort() : url.getScheme().equalsIgnoreCase("https") ? 443 : 80;
        HttpHost pinned = new HttpHost(url.getScheme().toLowerCase(Locale.ROOT), decision.address(), url.getHost(), port);
        try {
            return http.execute(pinned, post, this::outcome);
        } catch (SocketTimeoutException e) {
            return SendOutcome.failure(ErrorCode.NETWORK, null, "webhook target timed out after " + timeout, 1);
        } catch (IOException e) {
            return SendOutcome.failure(ErrorCode.NETWORK, null, "webhook target unreachable: " + e.getClass().getSimpleName(), 1);
        }
    }

    private SendOutcome outcome(ClassicHttpResponse response) throws IOException {
        int status = response.getCode();
        String text;
        try {
            text = response.getEntity() == null ? "" : EntityUtils.toString(response.getEntity(), StandardCharsets.UTF_8, 4096);
        } catch (ParseException e) {
            text = "";
        }
        String answer = "HTTP " + status + (text.isBlank() ? "" : ": " + PlatformCallSettings.errorText(text.strip()));
        if (status >= 200 && status < 300) {
            return SendOutcome.success(status, null, 1);
        }
        if (status == 410) {
            return SendOutcome.failure(ErrorCode.WEBHOOK_GONE, status, answer, 1);
        }
        if (status == 429 || status == 503) {
            Optional<Duration> wait = retryAfter(response.getFirstHeader("Retry-After"));
            if (wait.isPresent()) {
                Duration capped = wait.get().compareTo(MAX_RETRY_AFTER) > 0 ? MAX_RETRY_AFTER : wait.get();
                return SendOutcome.rateLimited(capped, status, answer, 1);
            }
            return SendOutcome.failure(status == 429 ? ErrorCode.RETRIES : ErrorCode.WEBHOOK_5XX, status, answer, 1);
        }
        if (status >= 500) {
            return SendOutcome.failure(ErrorCode.WEBHOOK_5XX, status, answer, 1);
        }
        if (status >= 300 && status < 400) {
            return SendOutcome.failure(ErrorCode.WEBHOOK_ERROR, status, "HTTP " + status + ": redirects are not followed", 1);
        }
        return SendOutcome.failure(ErrorCode.WEBHOOK_ERROR, status, answer, 1);
    }

    /** {@code Retry-After} as seconds or as an HTTP date. */
    private Optional<Duration> retryAfter(Header header) {
        if (header == null || header.getValue() == null) {
            return Optional.empty();
        }
        String value = header.getValue().trim();
        try {
            long seconds = Long.parseLong(value);
            return seconds < 0 ? Optional.empty() : Optional.of(Duration.ofSeconds(seconds));
        } catch (NumberFormatException notSeconds) {
            try {
                Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
                Duration wait = Duration.between(clock.instant(), at);
                return Optional.of(wait.isNegative() ? Duration.ZERO : wait);
            } catch (DateTimeParseException notADate) {
                return Optional.empty();
            }
        }
    }

    @Override
    public void close() throws IOException {
        http.close();
    }
}
