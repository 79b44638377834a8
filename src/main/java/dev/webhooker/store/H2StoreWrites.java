package dev.webhooker.store;

import java.time.Duration;
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
 * <p>
 * A write for a background commit (one no client waits on, {@link BackgroundCommits}) begins no sooner than
 * {@code interval} after the write before it began, so that under load more commits share it: a write's cost is mostly
 * fixed (it copies the paths from every changed row to the roots of all the maps touched, whatever it carries), and
 * written back to back the delivery engine's writes came about one per delivery. A caller that is not in the background
 * ends that wait at once, so a client's commit never waits for the interval.
 */
final class H2StoreWrites {

    /** One write of the store into its file, as {@code MVStore.commit()} does it. */
    private final Runnable write;
    /** The least time between the start of a write and that of a background commit's write, in nanoseconds. */
    private final long intervalNanos;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition finished = lock.newCondition();
    /** Signalled when a caller that is not in the background starts waiting: a write held for the interval begins. */
    private final Condition hurry = lock.newCondition();
    /** Callers not in the background waiting for a write. */
    private int urgentWaiting;
    /** When the last write began ({@link System#nanoTime}); meaningful once {@code begun} is above zero. */
    private long lastStart;
    /** Writes begun and writes finished so far; a write's number is the value of {@code begun} it set. */
    private long begun;
    private long done;
    private boolean running;
    /** The number of the last write that failed, so that the callers it was for fail too. */
    private long lastFailed;
    private RuntimeException lastFailure;

    H2StoreWrites(Runnable write, Duration interval) {
        this.write = write;
        this.intervalNanos = interval.toNanos();
    }

    /**
     * Returns once everything committed before the call is in the file; throws when the write that was to carry it
     * failed (the commit may or may not be in the file then, as with any commit that fails at its end).
     * {@code background}: no client waits on this commit, so its write may wait for the interval.
     */
    void awaitWritten(boolean background) {
        lock.lock();
        if (!background) {
            urgentWaiting++;
            hurry.signalAll();
        }
        try {
            long needed = begun + 1; // the first write that begins after this call
            while (done < needed) {
                if (running) {
                    finished.awaitUninterruptibly();
                    continue;
                }
                running = true;
                if (background) {
                    waitForTheInterval();
                }
                lastStart = System.nanoTime();
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
            if (!background) {
                urgentWaiting--;
            }
            lock.unlock();
        }
    }

    /**
     * Holds a background commit's write until the interval since the last write began has passed, or until a caller
     * that is not in the background waits; the lock is let go meanwhile, and the callers that arrive wait for this
     * write, which has not begun. An interrupt ends the wait (the write then goes ahead, the flag kept).
     */
    private void waitForTheInterval() {
        if (begun == 0) {
            return;
        }
        long until = lastStart + intervalNanos;
        long pause = until - System.nanoTime();
        while (pause > 0 && urgentWaiting == 0) {
            try {
                hurry.awaitNanos(pause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            pause = until - System.nanoTime();
        }
    }

    /** Callers waiting for a write to finish (tests wait on it to line callers up behind a write). */
    int waitingCallers() {
        return waitingOn(finished);
    }

    /** Background commits whose write is held for the interval (tests wait on it before they cut the wait short). */
    int heldBackgroundWrites() {
        return waitingOn(hurry);
    }

    private int waitingOn(Condition condition) {
        lock.lock();
        try {
            return lock.getWaitQueueLength(condition);
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
