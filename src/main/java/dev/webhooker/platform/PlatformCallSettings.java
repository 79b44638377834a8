package dev.webhooker.platform;

import java.time.Duration;

import dev.webhooker.delivery.DeliveryProperties;

/**
 * How platform clients behave: {@code requestTimeout} bounds every HTTP call; a rate-limit wait up to
 * {@code rateLimitCap} is waited out on a timer before the request, a longer one is returned as RATE_LIMITED for
 * rescheduling.
 * {@code maxTries} bounds the HTTP requests of one call (short rate-limit waits retry inside the call).
 */
public record PlatformCallSettings(Duration requestTimeout, Duration rateLimitCap, int maxTries) {

    /** A platform call makes at most this many requests (short rate-limit waits retry in place). */
    private static final int MAX_TRIES_PER_CALL = 3;

    /** Platform error text kept in send_logs is bounded, so an HTML error page cannot bloat a row. */
    static final int MAX_ERROR_TEXT = 2000;

    public PlatformCallSettings {
        if (maxTries < 1) {
            throw new IllegalArgumentException("maxTries must be at least 1");
        }
    }

    /** With the request timeout and rate-limit cap of the delivery settings. */
    public static PlatformCallSettings of(DeliveryProperties settings) {
        return new PlatformCallSettings(settings.requestTimeout(), settings.rateLimitCap(), MAX_TRIES_PER_CALL);
    }

    public static String errorText(String text) {
        return text == null || text.length() <= MAX_ERROR_TEXT ? text : text.substring(0, MAX_ERROR_TEXT);
    }
}
