package dev.webhooker.delivery;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;

import dev.webhooker.queue.DeliveryStatus;
import dev.webhooker.queue.TargetStatus;

/**
 * The delivery engine's Prometheus meters, with bounded labels only (no ids, no repository names):
 * {@code webhooker_deliveries_finished_total{state}}, {@code webhooker_target_attempts_total{platform, outcome,
 * error_code}} and {@code webhooker_target_retries_total{platform}}. Each counter is looked up once per label set.
 * {@code error_code} is the code as send logs and the console show it ({@code DISCORD_5XX}), {@code none} for an
 * attempt without one. Every final state is counted from zero at the start, so that an alert on failed or dead
 * deliveries is defined before the first one.
 */
final class DeliveryMeters {

    private record Attempt(String platform, TargetStatus after, ErrorCode code) {
    }

    private final MeterRegistry registry;
    private final Map<DeliveryStatus, Counter> finished = new ConcurrentHashMap<>();
    private final Map<Attempt, Counter> attempts = new ConcurrentHashMap<>();
    private final Map<String, Counter> retries = new ConcurrentHashMap<>();

    public DeliveryMeters(MeterRegistry registry) {
        this.registry = registry;
        for (DeliveryStatus state : new DeliveryStatus[] {DeliveryStatus.DELIVERED, DeliveryStatus.FAILED, DeliveryStatus.DEAD}) {
            counter(state);
        }
    }

    private Counter counter(DeliveryStatus state) {
        return finished.computeIfAbsent(state, s -> registry.counter("webhooker.deliveries.finished", "state", s.wireName()));
    }

    /** Counts nothing (engine tests that do not look at meters). */
    public static DeliveryMeters none() {
        return new DeliveryMeters(new CompositeMeterRegistry());
    }

    /** A delivery reached a final state (delivered, failed, dead). */
    void finished(DeliveryStatus state) {
        counter(state).increment();
    }

    /** One attempt at one target, and the state the target is in after it. */
    void attempt(String platform, SendOutcome outcome, TargetStatus after) {
        ErrorCode code = outcome.ok() ? null : outcome.errorCode();
        attempts.computeIfAbsent(new Attempt(platform, after, code), a -> registry.counter("webhooker.target.attempts",
                "platform", a.platform(), "outcome", a.after().name().toLowerCase(Locale.ROOT),
                "error_code", a.code() == null ? "none" : a.code().name())).increment();
        if (after == TargetStatus.RETRYING) {
            retries.computeIfAbsent(platform, p -> registry.counter("webhooker.target.retries", "platform", p)).increment();
        }
    }
}
