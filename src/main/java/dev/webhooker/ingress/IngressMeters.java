package dev.webhooker.ingress;

import java.util.Locale;

import io.micrometer.core.instrument.MeterRegistry;

/**
 * {@code webhooker_webhooks_total{provider, outcome, reason}}: every answered webhook, accepted, duplicate,
 * reopened, rejected (with the rejection as reason; the provider is "unknown" when the request was refused
 * before it could be told), unavailable or failed; and {@code webhooker_payload_parked_bytes_total} /
 * {@code webhooker_payload_parked_total} for bodies accepted into the payload store.
 */
public final class IngressMeters {

    private static final String UNKNOWN = "unknown";
    private static final String NONE = "none";

    private final MeterRegistry registry;

    public IngressMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    void answered(Provider provider, String outcome) {
        count(provider == null ? UNKNOWN : provider.wireName(), outcome, NONE);
    }

    void rejected(Rejection rejection) {
        count(UNKNOWN, "rejected", rejection.name().toLowerCase(Locale.ROOT));
    }

    void parked(long bytes) {
        registry.counter("webhooker.payload.parked").increment();
        registry.counter("webhooker.payload.parked.bytes").increment(bytes);
    }

    private void count(String provider, String outcome, String reason) {
        registry.counter("webhooker.webhooks", "provider", provider, "outcome", outcome, "reason", reason).increment();
    }
}
