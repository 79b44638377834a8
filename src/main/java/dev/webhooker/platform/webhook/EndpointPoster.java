package dev.webhooker.platform.webhook;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

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

import dev.webhooker.delivery.CallRecord;
import dev.webhooker.delivery.DeliveryTracing;
import dev.webhooker.delivery.ErrorCode;
import dev.webhooker.delivery.SendOutcome;
import dev.webhooker.platform.PlatformCallSettings;
import dev.webhooker.platform.limits.Quota;
import dev.webhooker.platform.limits.RateLimits;

/**
 * Posts JSON to a URL a route names (webhook, Slack incoming-webhook and Teams targets): the URL passes the
 * {@link TargetAddressGuard} and the connection goes to the address it checked (Apache HttpClient connects to the
 * address given with the host, while TLS still verifies the host name), redirects are never followed, and every call
 * has a timeout. An endpoint (a URL) that asked for a wait ({@code 429} or {@code 503} with {@code Retry-After}) is
 * waited for by every post to it from this instance — per URL, not per host: every Slack incoming webhook is on one
 * host, and each has its own limit — waits up to the rate-limit cap are slept, longer ones come back as
 * {@code RATE_LIMITED}. An error never quotes the URL, which can carry a credential.
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
    private static final Set<String> SHOWN_HEADERS = Set.of("webhook-id", "webhook-timestamp", "webhook-signature", "content-type");

    private final CloseableHttpClient http;
    private final TargetAddressGuard guard;
    private final PlatformCallSettings settings;
    private final RateLimits limits;
    private final Clock clock;

    EndpointPoster(TargetAddressGuard guard, PlatformCallSettings settings, Duration connectTimeout, RateLimits limits,
                   Clock clock) {
        this.guard = guard;
        this.settings = settings;
        this.limits = limits;
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
     * target kind in errors and rate-limit keys; {@code timeout} null is the platform call default.
     */
    public Result post(String platform, URI url, Map<String, String> headers, String json, Duration timeout) {
        TargetAddressGuard.Decision decision = guard.check(url);
        if (decision.unresolved() != null) {
            return failed(SendOutcome.failure(ErrorCode.NETWORK, null, platform + " target unreachable: " + decision.unresolved(), 0));
        }
        if (!decision.allowed()) {
            return failed(SendOutcome.failure(ErrorCode.TARGET_BLOCKED, null, platform + " target refused: " + decision.refusal(), 0));
        }
        String key = limitKey(platform, url);
        Optional<Duration> deferred = limits.turn(key, settings.rateLimitCap());
        if (deferred.isPresent()) {
            return failed(SendOutcome.rateLimited(deferred.get(), null, platform + " target on " + url.getHost()
                    + " asked to wait " + deferred.get().toSeconds() + " s", 0));
        }
        HttpPost post = new HttpPost(url);
        headers.forEach(post::setHeader);
        CallRecord record = CallRecord.request("POST", CallRecord.hostOnly(url), shown(headers), json);
        DeliveryTracing.currentHeader().ifPresent(traceparent -> post.setHeader(DeliveryTracing.HEADER, traceparent));
        post.setEntity(new StringEntity(json, ContentType.APPLICATION_JSON));
        Duration limit = timeout == null ? settings.requestTimeout() : timeout;
        post.setConfig(RequestConfig.custom().setResponseTimeout(Timeout.of(limit)).build());
        int port = url.getPort() > 0 ? url.getPort() : url.getScheme().equalsIgnoreCase("https") ? 443 : 80;
        HttpHost pinned = new HttpHost(url.getScheme().toLowerCase(Locale.ROOT), decision.address(), url.getHost(), port);
        try {
            Answer answer = http.execute(pinned, post, this::answer);
            answer.retryAfter().ifPresent(after -> limits.block(key, after));
            return new Result(answer, null, record.answered(answer.status(), answer.text()));
        } catch (SocketTimeoutException e) {
            return new Result(null, SendOutcome.failure(ErrorCode.NETWORK, null, platform + " target timed out after " + limit, 1),
                    record);
        } catch (IOException e) {
            return new Result(null, SendOutcome.failure(ErrorCode.NETWORK, null, platform + " target unreachable: "
                    + e.getClass().getSimpleName(), 1), record);
        }
    }

    private static Result failed(SendOutcome outcome) {
        return new Result(null, outcome, null);
    }

    /** The headers as the delivery view shows them: a static header of the target (Authorization…) is withheld. */
    private static Map<String, String> shown(Map<String, String> headers) {
        Map<String, String> shown = new LinkedHashMap<>();
        headers.forEach((name, value) -> shown.put(name, SHOWN_HEADERS.contains(name.toLowerCase(Locale.ROOT)) ? value : CallRecord.WITHHELD));
        return shown;
    }

    private Answer answer(ClassicHttpResponse response) throws IOException {
        int status = response.getCode();
        String text;
        try {
            text = response.getEntity() == null ? "" : EntityUtils.toString(response.getEntity(), StandardCharsets.UTF_8, 4096);
        } catch (ParseException e) {
            text = "";
        }
        Optional<Duration> wait = status == 429 || status == 503 ? retryAfter(response.getFirstHeader("Retry-After"))
                : Optional.empty();
        return new Answer(status, text, wait.map(w -> w.compareTo(MAX_RETRY_AFTER) > 0 ? MAX_RETRY_AFTER : w));
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
