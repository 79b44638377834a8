package dev.webhooker.delivery;

import java.util.Locale;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;

/**
 * The delivery engine's Prometheus meters, with bounded labels only (no ids, no repository names):
 * {@code webhooker_deliveries_finished_total{state}}, {@code webhooker_target_attempts_total{platform, outcome,
 * error_code}} and {@code webhooker_target_retries_total{platform}}.
 */
public final class DeliveryMeters {

    private final MeterRegistry registry;

    public DeliveryMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    /** Counts nothing (engine tests that do not look at meters). */
    public static DeliveryMeters none() {
        return new DeliveryMeters(new CompositeMeterRegistry());
    }

    /** A delivery reached a final state (delivered, failed, dead). */
    void finished(DeliveryStatus state) {
        registry.counter("webhooker.deliveries.finished", "state", state.wireName()).increment();
    }

    /** One attempt at one target, and the state the target is in after it. */
    void attempt(String platform, SendOutcome outcome, TargetStatus after) {
        String code = outcome.ok() || outcome.errorCode() == null ? "none" : outcome.errorCode().name().toLowerCase(Locale.ROOT);
        registry.counter("webhooker.target.attempts", "platform", platform, "outcome", after.name().toLowerCase(Locale.ROOT),
                "error_code", code).increment();
        if (after == TargetStatus.RETRYING) {
            registry.counter("webhooker.target.retries", "platform", platform).increment();
        }
    }
}
