package dev.webhooker.config;

import sun.misc.Signal;

/**
 * SIGTERM (what {@code docker stop} and Kubernetes send) ends the process with status 0 once the shutdown
 * has run, instead of the JVM's 143: a clean stop is not a failure to a supervisor. The shutdown itself is
 * unchanged: {@link System#exit} runs the same hooks, so Spring closes the context (readiness down, HTTP
 * drained, deliveries given back within SHUTDOWN_TIMEOUT) before the process ends.
 */
public final class TermSignal {

    private TermSignal() {
    }

    public static void exitCleanly() {
        try {
            Signal.handle(new Signal("TERM"), signal -> System.exit(0));
        } catch (IllegalArgumentException reserved) {
            // the JVM runs with -Xrs or knows no TERM here: its own handling stays
        }
    }
}
