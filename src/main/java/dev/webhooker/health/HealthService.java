package dev.webhooker.health;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/** Runs every {@link HealthProbe} in parallel, each bounded in time, and says what is down. */
@Service
public class HealthService {

    private static final Logger log = LoggerFactory.getLogger(HealthService.class);
    private static final long PROBE_TIMEOUT_MS = 3_000;

    private final List<HealthProbe> probes;

    public HealthService(List<HealthProbe> probes) {
        this.probes = List.copyOf(probes);
    }

    public HealthReport check() {
        Map<String, CompletableFuture<String>> running = new LinkedHashMap<>();
        for (HealthProbe probe : probes) {
            running.put(probe.name(), CompletableFuture.supplyAsync(() -> {
                try {
                    probe.check();
                    return "ok";
                } catch (Exception e) {
                    return "down: " + describe(e);
                }
            }));
        }
        Map<String, String> checks = new LinkedHashMap<>();
        running.forEach((name, future) -> {
            String result;
            try {
                result = future.get(PROBE_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                future.cancel(true);
                result = "down: no answer within " + PROBE_TIMEOUT_MS + " ms";
            } catch (Exception e) {
                result = "down: " + describe(e);
            }
            if (!"ok".equals(result)) {
                log.warn("health check {} is {}", name, result);
            }
            checks.put(name, result);
        });
        return new HealthReport(checks);
    }

    private static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return message == null || message.isBlank() ? root.getClass().getSimpleName() : message;
    }
}
