package dev.webhooker.ingress;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * {@code webhooker_webhooks_total{provider, outcome, reason}}: every answered webhook, accepted, duplicate,
 * reopened, rejected (with the rejection as reason; the provider is "unknown" when the request was refused
 * before it could be told), unavailable or failed; {@code webhooker_webhook_seconds{outcome}}, the time from
 * the request to its answer; and {@code webhooker_payload_parked_bytes_total} / {@code webhooker_payload_parked_total}
 * for bodies accepted into the payload store. Meters are looked up once per label set, not per request: the
 * webhook path is the one that must stay fast. The series an alert watches (each provider's accepted, duplicate and
 * reopened; every rejection; unavailable and failed) are there at zero from the start, so that a rate over them is
 * defined before the first such webhook.
 */
final class IngressMeters {

    private static final String UNKNOWN = "unknown";
    private static final String NONE = "none";

    private record Labels(String provider, String outcome, String reason) {
    }

    private final MeterRegistry registry;
    private final Map<Labels, Counter> webhooks = new ConcurrentHashMap<>();
    private final Map<String, Timer> durations = new ConcurrentHashMap<>();
    private final Counter parked;
    private final Counter parkedBytes;

    public IngressMeters(MeterRegistry registry) {
        this.registry = registry;
        this.parked = registry.counter("webhooker.payload.parked");
        this.parkedBytes = registry.counter("webhooker.payload.parked.bytes");
        for (Provider provider : Provider.values()) {
            for (String outcome : new String[] {"accepted", "duplicate", "reopened"}) {
                counter(new Labels(provider.wireName(), outcome, NONE));
            }
        }
        for (Rejection rejection : Rejection.values()) {
            counter(rejected(rejection));
        }
        counter(new Labels(UNKNOWN, "unavailable", NONE));
        counter(new Labels(UNKNOWN, "failed", NONE));
    }

    void answered(Provider provider, String outcome, long startedAtMillis) {
        count(new Labels(provider == null ? UNKNOWN : provider.wireName(), outcome, NONE), outcome, startedAtMillis);
    }

    void rejected(Rejection rejection, long startedAtMillis) {
        count(rejected(rejection), "rejected", startedAtMillis);
    }

    void parked(long bytes) {
        parked.increment();
        parkedBytes.increment(bytes);
    }

    private static Labels rejected(Rejection rejection) {
        return new Labels(UNKNOWN, "rejected", rejection.name().toLowerCase(Locale.ROOT));
    }

    private Counter counter(Labels labels) {
        return webhooks.computeIfAbsent(labels, l -> registry.counter("webhooker.webhooks", "provider", l.provider(),
                "outcome", l.outcome(), "reason", l.reason()));
    }

    private void count(Labels labels, String outcome, long startedAtMillis) {
        counter(labels).increment();
        if (startedAtMillis > 0) {
            durations.computeIfAbsent(outcome, o -> Timer.builder("webhooker.webhook").tag("outcome", o)
                    .description("from the request to its answer").register(registry))
                    .record(Duration.ofMillis(Math.max(0, System.currentTimeMillis() - startedAtMillis)));
        }
    }
}
