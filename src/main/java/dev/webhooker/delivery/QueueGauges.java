package dev.webhooker.delivery;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import javax.sql.DataSource;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.webhooker.queue.QueueBacklog;

/**
 * {@code webhooker_queue_waiting} (deliveries not yet final) and {@code webhooker_queue_oldest_due_age_seconds}
 * (how long the oldest due one has waited; 0 when none is due), read from the database at most once per
 * {@link #FRESH_FOR} however often Prometheus scrapes, so they cost the delivery queue nothing. The same
 * for every instance: the queue is shared.
 */
final class QueueGauges {

    static final Duration FRESH_FOR = Duration.ofSeconds(5);

    private record Reading(long at, double waiting, double oldestAgeSeconds) {
    }

    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final AtomicReference<Reading> last = new AtomicReference<>(new Reading(Long.MIN_VALUE, 0, 0));

    public QueueGauges(DataSource dataSource, Clock clock, MeterRegistry registry) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.clock = clock;
        Gauge.builder("webhooker.queue.waiting", this, g -> g.reading().waiting())
                .description("deliveries not yet final (pending, retrying, processing)").register(registry);
        Gauge.builder("webhooker.queue.oldest.due.age", this, g -> g.reading().oldestAgeSeconds()).baseUnit("seconds")
                .description("how long the oldest due delivery has been due").register(registry);
    }

    private Reading reading() {
        long now = clock.millis();
        Reading cached = last.get();
        if (now - cached.at() < FRESH_FOR.toMillis()) {
            return cached;
        }
        QueueBacklog backlog = QueueBacklog.read(jdbc, now);
        Reading fresh = new Reading(now, backlog.waiting(),
                backlog.oldestDueAt() == null ? 0 : Math.max(0, now - backlog.oldestDueAt()) / 1000.0);
        last.set(fresh);
        return fresh;
    }
}
