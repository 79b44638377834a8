package dev.webhooker.delivery;

import java.time.Duration;

import dev.webhooker.queue.DeliveryTarget;
import dev.webhooker.queue.TargetProgress;

/**
 * What one send or edit came to: the HTTP status (null when no request was made or none answered),
 * the platform's message id on success, the platform's error text and our code on failure, and for
 * {@link ErrorCode#RATE_LIMITED} how long the platform asked us to wait. {@code tries} counts HTTP
 * requests made for this call (a short rate-limit wait inside the call makes it 2). {@code call}: the last request
 * made and its answer, for the delivery view (null when no request was made, or the platform's client keeps none).
 * {@code threadRoot}: the thread of a pull request or issue this call opened (a forum post, a forum topic), as the
 * platform addresses it later ({@link PlatformCalls#openThread}); null when it opened none. A thread may be opened even
 * when its message then failed, so the retry goes into it.
 */
public record SendOutcome(boolean ok, Integer httpStatus, String messageId, String error, ErrorCode errorCode,
                          Duration retryAfter, int tries, CallRecord call, String threadRoot) {

    public SendOutcome(boolean ok, Integer httpStatus, String messageId, String error, ErrorCode errorCode,
                       Duration retryAfter, int tries) {
        this(ok, httpStatus, messageId, error, errorCode, retryAfter, tries, null, null);
    }

    public static SendOutcome success(int httpStatus, String messageId, int tries) {
        return new SendOutcome(true, httpStatus, messageId, null, null, null, tries);
    }

    public static SendOutcome failure(ErrorCode code, Integer httpStatus, String error, int tries) {
        return new SendOutcome(false, httpStatus, null, error, code, null, tries);
    }

    public static SendOutcome rateLimited(Duration retryAfter, Integer httpStatus, String error, int tries) {
        return new SendOutcome(false, httpStatus, null, error, ErrorCode.RATE_LIMITED, retryAfter, tries);
    }

    public boolean rateLimited() {
        return !ok && ErrorCode.RATE_LIMITED.equals(errorCode);
    }

    /** {@code target}'s row after this attempt, with {@code next} its new progress. */
    public DeliveryTarget appliedTo(DeliveryTarget target, TargetProgress next) {
        return target.after(next, ok, error, errorCode == null ? null : errorCode.name(), httpStatus, messageId);
    }

    /** The same outcome, reporting {@code id} (the tracked id of an edit). */
    public SendOutcome withMessageId(String id) {
        return new SendOutcome(ok, httpStatus, id, error, errorCode, retryAfter, tries, call, threadRoot);
    }

    public SendOutcome plusTries(int more) {
        return new SendOutcome(ok, httpStatus, messageId, error, errorCode, retryAfter, tries + more, call, threadRoot);
    }

    /** The same outcome, with the request that came to it (and its answer). */
    public SendOutcome withCall(CallRecord made) {
        return new SendOutcome(ok, httpStatus, messageId, error, errorCode, retryAfter, tries, made, threadRoot);
    }

    /** The same outcome, of a call that opened the thread {@code root}. */
    public SendOutcome inThread(String root) {
        return new SendOutcome(ok, httpStatus, messageId, error, errorCode, retryAfter, tries, call, root);
    }
}
