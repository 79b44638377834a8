package dev.webhooker.platform.webhook;

import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

import org.apache.hc.client5.http.async.methods.AbstractCharResponseConsumer;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpResponse;

/**
 * Reads an endpoint's answer as it arrives: the status, the wait a {@code 429} or {@code 503} asks for, and the first
 * {@link #KEPT_CHARS} characters of the body (UTF-8 unless the answer names its charset). The rest of a longer body is
 * read and dropped, so the connection can serve the next post and a large answer costs no memory.
 */
final class AnswerReader extends AbstractCharResponseConsumer<EndpointPoster.Answer> {

    /** How much of a body is kept: enough for an error text, which the delivery view bounds further. */
    static final int KEPT_CHARS = 4096;

    private final Clock clock;
    private final Runnable headArrived;
    private final StringBuilder text = new StringBuilder();
    private int status;
    private Optional<Duration> retryAfter = Optional.empty();

    /** {@code headArrived} runs when the status and headers are in, before any of the body. */
    AnswerReader(Clock clock, Runnable headArrived) {
        this.clock = clock;
        this.headArrived = headArrived;
    }

    @Override
    protected void start(HttpResponse response, ContentType contentType) {
        status = response.getCode();
        setCharset(contentType == null || contentType.getCharset() == null ? StandardCharsets.UTF_8 : contentType.getCharset());
        if (status == 429 || status == 503) {
            retryAfter = retryAfter(response.getFirstHeader("Retry-After"), clock)
                    .map(wait -> wait.compareTo(EndpointPoster.MAX_RETRY_AFTER) > 0 ? EndpointPoster.MAX_RETRY_AFTER : wait);
        }
        headArrived.run();
    }

    @Override
    protected int capacityIncrement() {
        return Integer.MAX_VALUE;
    }

    @Override
    protected void data(CharBuffer chunk, boolean endOfStream) {
        int room = KEPT_CHARS - text.length();
        if (room > 0) {
            text.append(chunk, 0, Math.min(room, chunk.remaining()));
        }
        chunk.position(chunk.limit());
    }

    @Override
    protected EndpointPoster.Answer buildResult() {
        return new EndpointPoster.Answer(status, text.toString(), retryAfter);
    }

    @Override
    public void releaseResources() {
        // nothing held beyond the kept text
    }

    /** {@code Retry-After} as seconds or as an HTTP date; empty when absent or neither. */
    private static Optional<Duration> retryAfter(Header header, Clock clock) {
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
}
