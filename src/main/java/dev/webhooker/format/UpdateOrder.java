package dev.webhooker.format;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * The order of one state of an in-place message: the event object's own timestamp in epoch
 * millis, times four, plus a status rank (queued &lt; in_progress &lt; completed) that breaks ties when two
 * states carry the same timestamp. Webhooks arrive out of order; the delivery engine refuses to edit a
 * message back to an older state. Null when the payload carries no usable timestamp: such events are
 * edited as before, since nothing says they are stale.
 */
public final class UpdateOrder {

    private static final int RANKS = 4;

    private UpdateOrder() {
    }

    /**
     * @param status     the object's status, state or action; unknown words rank lowest
     * @param timestamps candidates, most specific first; the first parseable one is used
     */
    public static Long of(String status, PayloadView... timestamps) {
        for (PayloadView timestamp : timestamps) {
            Instant at = parse(timestamp.nonBlank());
            if (at != null) {
                return at.toEpochMilli() * RANKS + rank(status);
            }
        }
        return null;
    }

    static int rank(String status) {
        if (status == null) {
            return 0;
        }
        return switch (status.toLowerCase(Locale.ROOT)) {
            case "requested", "queued", "pending", "waiting", "created" -> 1;
            case "in_progress", "running" -> 2;
            case "completed", "success", "failure", "error", "inactive", "cancelled", "skipped", "timed_out" -> 3;
            default -> 0;
        };
    }

    /** GitHub sends {@code Z} times, Gitea local offsets; both name one instant. */
    private static Instant parse(String text) {
        if (text == null) {
            return null;
        }
        try {
            return DateTimeFormatter.ISO_OFFSET_DATE_TIME.parse(text, Instant::from);
        } catch (DateTimeParseException unparseable) {
            return null;
        }
    }
}
