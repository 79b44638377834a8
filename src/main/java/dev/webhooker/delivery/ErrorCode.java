package dev.webhooker.delivery;

import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Why a target attempt did not succeed. Server errors, network errors and exhausted short rate-limit waits are worth
 * another try; anything else the platform refused will be refused again, so it is final at once.
 *
 * <p>The engine's own codes are constants here. A platform's answers are named after the platform and made by its
 * package: {@code <PLATFORM>_ERROR} (it refused, final), {@code <PLATFORM>_5XX} (it failed, retried) and
 * {@code <PLATFORM>_GONE} (the endpoint asks not to be sent to any more). The name alone says which, so a code read
 * back from {@code delivery_targets.error_code} is the one that was written, whichever platform wrote it.
 */
public final class ErrorCode {

    /** Of a platform's own answer: refused, failed on its side, or gone for good. */
    private enum Answer {
        REFUSED("_ERROR", false), SERVER_ERROR("_5XX", true), GONE("_GONE", false);

        final String suffix;
        final boolean retryable;

        Answer(String suffix, boolean retryable) {
            this.suffix = suffix;
            this.retryable = retryable;
        }
    }

    public static final ErrorCode NO_TARGET = engine("NO_TARGET", false);
    public static final ErrorCode NO_TOKEN = engine("NO_TOKEN", false);
    /** The target's address is not one webhooker sends to (loopback, private…; see WEBHOOK_TARGET_ALLOW). */
    public static final ErrorCode TARGET_BLOCKED = engine("TARGET_BLOCKED", false);
    /** The endpoint kept failing, or answered 410, and is disabled until an admin re-enables it (no request made). */
    public static final ErrorCode TARGET_DISABLED = engine("TARGET_DISABLED", false);
    /**
     * The chat has not consented to the group's messages (no {@code /gh claim} there, no approval): no request made.
     * Final for this delivery; once the chat claims the group, a replay sends it.
     */
    public static final ErrorCode CHAT_NOT_CLAIMED = engine("CHAT_NOT_CLAIMED", false);
    public static final ErrorCode NETWORK = engine("NETWORK", true);
    public static final ErrorCode RETRIES = engine("RETRIES", true);
    /** The platform asked for a wait longer than we sleep in a worker: the target is rescheduled. */
    public static final ErrorCode RATE_LIMITED = engine("RATE_LIMITED", true);
    /** The event's own formatter failed; the generic message was sent instead. */
    public static final ErrorCode FORMAT_ERROR = engine("FORMAT_ERROR", false);
    /** The parked payload is gone: dispatching an empty event would be wrong. */
    public static final ErrorCode PAYLOAD_MISSING = engine("PAYLOAD_MISSING", false);
    /** An unexpected exception inside the engine (not the platform's answer). */
    public static final ErrorCode INTERNAL = engine("INTERNAL", true);

    private static final Map<String, ErrorCode> ENGINE = Stream.of(NO_TARGET, NO_TOKEN, TARGET_BLOCKED, TARGET_DISABLED,
            CHAT_NOT_CLAIMED, NETWORK, RETRIES, RATE_LIMITED, FORMAT_ERROR, PAYLOAD_MISSING, INTERNAL)
            .collect(Collectors.toUnmodifiableMap(ErrorCode::name, Function.identity()));

    private final String name;
    private final boolean retryable;
    private final Answer answer;

    private ErrorCode(String name, boolean retryable, Answer answer) {
        this.name = name;
        this.retryable = retryable;
        this.answer = answer;
    }

    private static ErrorCode engine(String name, boolean retryable) {
        return new ErrorCode(name, retryable, null);
    }

    private static ErrorCode answer(String platform, Answer answer) {
        return new ErrorCode(platform.toUpperCase(Locale.ROOT) + answer.suffix, answer.retryable, answer);
    }

    /** {@code platform} refused the message (a 4xx, or its own error text): final. */
    public static ErrorCode refusedBy(String platform) {
        return answer(platform, Answer.REFUSED);
    }

    /** {@code platform} failed on its side (a 5xx): worth another try. */
    public static ErrorCode serverErrorOf(String platform) {
        return answer(platform, Answer.SERVER_ERROR);
    }

    /** {@code platform}'s endpoint answered that it is gone (HTTP 410) and asks not to be sent to any more. */
    public static ErrorCode goneFrom(String platform) {
        return answer(platform, Answer.GONE);
    }

    /** The code named {@code name}, as {@link #name()} wrote it; an unknown name is refused, as an enum's would be. */
    @JsonCreator
    public static ErrorCode valueOf(String name) {
        ErrorCode engine = ENGINE.get(name);
        if (engine != null) {
            return engine;
        }
        for (Answer answer : Answer.values()) {
            if (name != null && name.endsWith(answer.suffix) && name.length() > answer.suffix.length()
                    && name.substring(0, name.length() - answer.suffix.length()).matches("[A-Z][A-Z0-9]*")) {
                return new ErrorCode(name, answer.retryable, answer);
            }
        }
        throw new IllegalArgumentException("no error code " + name);
    }

    @JsonValue
    public String name() {
        return name;
    }

    public boolean retryable() {
        return retryable;
    }

    /** Whether it is a platform's own answer (refused, failed, gone) rather than the engine's code. */
    public boolean platformAnswer() {
        return answer != null;
    }

    /** Whether the endpoint answered that it is gone. */
    public boolean gone() {
        return answer == Answer.GONE;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ErrorCode that && name.equals(that.name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }
}
