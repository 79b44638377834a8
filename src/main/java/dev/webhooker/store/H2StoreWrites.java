package dev.webhooker.store;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Writes an H2 file database's committed changes into its file, once for all the commits that wait at that moment.
 * <p>
 * With a write delay, H2 commits a transaction in memory and leaves the file to its background writer. A caller that
 * needs its commit in the file calls {@link #awaitWritten} after the commit: it returns once a write that began after
 * the call has finished. While one write runs, every commit that arrives waits for the next one, so N concurrent
 * commits cost about two writes instead of N (with WRITE_DELAY=0 H2 writes in every commit, one after the other under
 * its store lock, and each write copies every page changed since the last one: the B-tree paths to the changed rows of
 * every table touched, not only the rows). No extra thread: the first caller that finds no write running does it.
 */
final class H2StoreWrites {

    /** One write of the store into its file, as {@code MVStore.commit()} does it. */
    private final Runnable write;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition finished = lock.newCondition();
    /** Writes begun and writes finished so far; a write's number is the value of {@code begun} it set. */
    private long begun;
    private long done;
    private boolean running;
    /** The number of the last write that failed, so that the callers it was for fail too. */
    private long lastFailed;
    private RuntimeException lastFailure;

    H2StoreWrites(Runnable write) {
        this.write = write;
    }

    /**
     * Returns once everything committed before the call is in the file; throws when the write that was to carry it
     * failed (the commit may or may not be in the file then, as with any commit that fails at its end).
     */
    void awaitWritten() {
        lock.lock();
        try {
            long needed = begun + 1; // the first write that begins after this call
            while (done < needed) {
                if (running) {
                    finished.awaitUninterruptibly();
                    continue;
                }
                running = true;
                long number = ++begun;
                RuntimeException failure = null;
                lock.unlock();
                try {
                    failure = writeOnce();
                } finally {
                    lock.lock();
                    running = false;
                    done = number;
                    if (failure != null) {
                        lastFailed = number;
                        lastFailure = failure;
                    }
                    finished.signalAll();
                }
            }
            if (needed <= lastFailed) {
                // errs towards failing: a later write's failure also fails callers of an earlier one still waking
                throw lastFailure;
            }
        } finally {
            lock.unlock();
        }
    }

    /** Callers waiting for a write to finish (tests wait on it to line callers up behind a write). */
    int waitingCallers() {
        lock.lock();
        try {
            return lock.getWaitQueueLength(finished);
        } finally {
            lock.unlock();
        }
    }

    /**
     * H2 waits for its serialization thread without caring about an interrupt: one arriving mid-write would return
     * before the bytes are written. The flag is therefore cleared for the write, and an interrupt during it fails the
     * write instead of reporting it done.
     */
    private RuntimeException writeOnce() {
        boolean interruptedBefore = Thread.interrupted();
        try {
            write.run();
            if (Thread.interrupted()) {
                interruptedBefore = true;
                return new IllegalStateException("interrupted while H2 wrote its file; the commit may not be in it");
            }
            return null;
        } catch (RuntimeException e) {
            return e;
        } finally {
            if (interruptedBefore) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
