package dev.webhooker.store;

import java.util.List;

import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;

import dev.webhooker.health.HealthProbe;

/**
 * Whether this instance could read every stored group and route at its last load: the {@code config} check of
 * /health and of the readiness probe. An instance that left rows out (a sealed value its key does not open, data that
 * does not parse) routes without them and refuses writes that would remove them, so it is not ready: a load balancer
 * sends the traffic to an instance that reads everything.
 */
class ConfigReadHealth implements HealthProbe, HealthIndicator {

    private final ConfigRepository repository;

    ConfigReadHealth(ConfigRepository repository) {
        this.repository = repository;
    }

    @Override
    public String name() {
        return "config";
    }

    @Override
    public void check() {
        List<UnreadableRow> rows = repository.unreadableRows();
        if (!rows.isEmpty()) {
            throw new IllegalStateException(problem(rows));
        }
    }

    @Override
    public Health health() {
        List<UnreadableRow> rows = repository.unreadableRows();
        return rows.isEmpty() ? Health.up().build()
                : Health.down().withDetail("unreadable", rows.stream().map(UnreadableRow::describe).toList()).build();
    }

    private static String problem(List<UnreadableRow> rows) {
        return rows.size() + " stored " + (rows.size() == 1 ? "row" : "rows") + " cannot be read by this instance: "
                + String.join(", ", rows.stream().map(UnreadableRow::toString).toList());
    }
}
