package dev.webhooker.store;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * Fails fast while the database is unreachable. Once a transaction could not even begin, callers are refused
 * at once (a webhook is answered 503, for its sender to retry later) instead of each waiting out a connection
 * timeout in a growing queue; one caller per {@code probeEvery} is let through to find out whether the
 * database is back, and its success closes the breaker for everyone.
 */
final class OutageBreaker {

    private final Clock clock;
    private final long probeEveryMillis;
    private final AtomicBoolean probing = new AtomicBoolean();
    private volatile boolean open;
    private volatile long nextProbeAt;

    OutageBreaker(Clock clock, Duration probeEvery) {
        this.clock = clock;
        this.probeEveryMillis = probeEvery.toMillis();
    }

    /** Whether this caller may use the database now. */
    boolean allow() {
        if (!open) {
            return true;
        }
        return clock.millis() >= nextProbeAt && probing.compareAndSet(false, true);
    }

    void succeeded() {
        if (open) {
            open = false;
            probing.set(false);
        }
    }

    /** Records {@code failure}; opens the breaker when it says the database cannot be reached. */
    void failed(RuntimeException failure) {
        if (isUnreachable(failure)) {
            nextProbeAt = clock.millis() + probeEveryMillis;
            open = true;
        }
        probing.set(false);
    }

    boolean isOpen() {
        return open;
    }

    static boolean isUnreachable(Throwable failure) {
        return failure instanceof CannotCreateTransactionException
                || failure instanceof DataAccessResourceFailureException
                || failure instanceof TransientDataAccessResourceException
                || failure instanceof QueryTimeoutException;
    }
}
