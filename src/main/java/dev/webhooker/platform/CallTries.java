package dev.webhooker.platform;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.function.Supplier;

import dev.webhooker.platform.limits.RateLimits;

/**
 * The tries of one platform call made without holding a thread while it waits: for its turn under the rate limits,
 * for the answer, and between a 429 and the next try. Each try ends in a result, final or to be tried again; when
 * no try is left, the last result stands.
 */
public final class CallTries {

    private CallTries() {
    }

    /** What one try came to: {@code result}, and whether another try may change it. */
    public record Try<R>(R result, boolean again) {

        public static <R> Try<R> last(R result) {
            return new Try<>(result, false);
        }

        public static <R> Try<R> again(R result) {
            return new Try<>(result, true);
        }
    }

    /**
     * Runs {@code attempt} with 1, 2, … up to {@code maxTries}, each after the one before has ended, until one is
     * final; the result of the last try made (null when {@code maxTries} is zero).
     */
    static <R> CompletableFuture<R> run(int maxTries, IntFunction<CompletableFuture<Try<R>>> attempt) {
        return next(1, maxTries, attempt, null);
    }

    private static <R> CompletableFuture<R> next(int tryNumber, int maxTries, IntFunction<CompletableFuture<Try<R>>> attempt,
                                                 R last) {
        if (tryNumber > maxTries) {
            return CompletableFuture.completedFuture(last);
        }
        return attempt.apply(tryNumber).thenCompose(done -> done.again()
                ? next(tryNumber + 1, maxTries, attempt, done.result())
                : CompletableFuture.completedFuture(done.result()));
    }

    /** What a platform's client makes of each way a try can end. */
    public interface Answers<R> {

        /**
         * The call is held back for {@code wait}, for the {@code reason} given ({@code rate limit: waiting 1200 ms}): by
         * the rate limits, beyond the cap, or because no connection to the host was free within the call's timeout;
         * {@code tries} requests were made.
         */
        R deferred(Duration wait, String reason, int tries);

        /** The request of try {@code tries} got no answer (a timeout, a refused connection…). */
        R unanswered(IOException failure, int tries);

        /** The answer to try {@code tries}: final, or (a 429 whose wait is within the cap) to be tried again. */
        Try<R> answered(OutboundHttp.Reply reply, int tries);
    }

    /**
     * {@code request}, up to {@code maxTries} times, each when {@code turn} (asked before every try) lets it go; the
     * request is built once by the caller, on its thread and with its trace, and sent again as it is.
     */
    public static <R> CompletableFuture<R> send(OutboundHttp http, OutboundHttp.Request request, int maxTries,
                                                Supplier<RateLimits.Admission> turn, Answers<R> answers) {
        return run(maxTries, tries -> {
            RateLimits.Admission admission = turn.get();
            if (admission.deferred().isPresent()) {
                Duration wait = admission.deferred().get();
                return CompletableFuture.completedFuture(Try.last(answers.deferred(wait,
                        "rate limit: waiting " + wait.toMillis() + " ms", tries - 1)));
            }
            // what is made of an answer may store a rate-limit block, and the next try asks the limits for its turn:
            // both may be calls to Redis or the database, so they run on CompletableFuture's default executor, not on
            // the HTTP client's I/O thread
            return after(admission.delay(), () -> http.send(request))
                    .handleAsync((response, failure) -> {
                        if (failure == null) {
                            return answers.answered(response, tries);
                        }
                        IOException io = ioFailure(failure);
                        // the host's other calls held every connection: nothing was sent, so this try is a wait
                        return Try.last(io instanceof OutboundHttp.NoFreeConnection
                                ? answers.deferred(request.timeout(), "busy: no free connection to its host within "
                                        + request.timeout(), tries - 1)
                                : answers.unanswered(io, tries));
                    });
        });
    }

    /** {@code then} once {@code wait} has passed (at once when it is zero), with no thread held in between. */
    public static <T> CompletableFuture<T> after(Duration wait, Supplier<CompletableFuture<T>> then) {
        if (wait.compareTo(Duration.ZERO) <= 0) {
            return then.get();
        }
        // on the JDK's one timer thread, which only starts the request here
        Executor onTheTimer = CompletableFuture.delayedExecutor(wait.toNanos(), TimeUnit.NANOSECONDS, Runnable::run);
        return CompletableFuture.runAsync(() -> { }, onTheTimer).thenCompose(ignored -> then.get());
    }

    /**
     * The I/O failure behind a failed call ({@code CompletionException} and {@code ExecutionException} taken off), for
     * the caller to answer with; anything else is not a platform's doing and is thrown again.
     */
    public static IOException ioFailure(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof IOException io) {
            return io;
        }
        throw failure instanceof CompletionException completion ? completion : new CompletionException(cause);
    }
}
