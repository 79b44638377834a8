package dev.webhooker.platform;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How long an answer asks the caller to wait before the next call: a {@code Retry-After} header, a platform's rate-limit
 * reset header or the wait in its JSON body. Every wait is bounded to between zero and {@link #MAX}: it becomes a
 * rate-limit block and a delivery's next attempt, and a value meant as "never" (or a broken one) would otherwise
 * block a channel for ages or overflow the clock arithmetic behind both.
 */
public final class RetryAfter {

    /** The longest wait any answer can impose; a longer one is rescheduled for this, then asked again. */
    public static final Duration MAX = Duration.ofHours(1);

    private static final Pattern SECONDS = Pattern.compile("\\d+(\\.\\d+)?");

    private RetryAfter() {
    }

    /**
     * A header's wait: seconds (whole or with a fraction, as Discord's reset header has them) or an HTTP date (RFC 9110),
     * bounded; empty when the header is absent or neither (a negative number included).
     */
    public static Optional<Duration> header(Optional<String> value, Instant now) {
        if (value.isEmpty()) {
            return Optional.empty();
        }
        String text = value.get().trim();
        if (SECONDS.matcher(text).matches()) {
            return Optional.of(seconds(Double.parseDouble(text)));
        }
        try {
            Instant at = ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            return Optional.of(bounded(Duration.between(now, at)));
        } catch (DateTimeParseException notADate) {
            return Optional.empty();
        }
    }

    /** A wait in seconds, as a JSON body gives it, bounded; not a number (NaN) is no wait. */
    public static Duration seconds(double seconds) {
        if (Double.isNaN(seconds) || seconds <= 0) {
            return Duration.ZERO;
        }
        return seconds >= MAX.toSeconds() ? MAX : Duration.ofMillis(Math.round(seconds * 1000));
    }

    private static Duration bounded(Duration wait) {
        return wait.isNegative() ? Duration.ZERO : wait.compareTo(MAX) > 0 ? MAX : wait;
    }
}
