package dev.webhooker.health;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Service;

/**
 * Runs every {@link HealthProbe} in parallel and says which are up. Built so that /health always answers
 * within a second, also while a dependency hangs (a load balancer's or Kubernetes' probe times out after one):
 * <ul>
 *   <li>a probe that has not answered within {@link #PROBE_DEADLINE} counts as down;</li>
 *   <li>a probe still running from an earlier check is not started again (a hung database must not pile up
 *       threads, one per request), its earlier run is waited for;</li>
 *   <li>a result is reused for {@link #FRESH_FOR}, and concurrent requests share one run.</li>
 * </ul>
 * Why a probe is down is logged when its state changes, never shown to callers.
 */
@Service
class HealthService implements AutoCloseable {

    static final Duration PROBE_DEADLINE = Duration.ofMillis(800);
    static final Duration FRESH_FOR = Duration.ofSeconds(1);
    private static final Logger LOG = LoggerFactory.getLogger(HealthService.class);

    private final List<HealthProbe> probes;
    private final Clock clock;
    private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "health-probe");
        t.setDaemon(true);
        return t;
    });
    private final Map<String, CompletableFuture<String>> running = new ConcurrentHashMap<>();
    private final Map<String, String> lastState = new ConcurrentHashMap<>();

    private HealthReport cached;
    private Instant cachedAt;
    private CompletableFuture<HealthReport> inFlight;

    @Autowired
    public HealthService(List<HealthProbe> probes) {
        this(probes, Clock.systemUTC());
    }

    HealthService(List<HealthProbe> probes, Clock clock) {
        this.probes = List.copyOf(probes);
        this.clock = clock;
    }

    /**
     * Starts every probe once as soon as the application is up, without caching a report: the first run of a
     * client is the slow one (the S3 SDK takes over a second to build), and a /health that comes meanwhile
     * waits for that same run instead of starting a second cold one.
     */
    @org.springframework.context.event.EventListener(org.springframework.boot.context.event.ApplicationReadyEvent.class)
    public void warmUp() {
        synchronized (this) {
            for (HealthProbe probe : probes) {
                run(probe);
            }
        }
    }

    public HealthReport check() {
        CompletableFuture<HealthReport> answer;
        synchronized (this) {
            Instant now = clock.instant();
            if (cached != null && now.isBefore(cachedAt.plus(FRESH_FOR))) {
                return cached;
            }
            if (inFlight == null) {
                inFlight = refresh();
            }
            answer = inFlight;
        }
        HealthReport report = answer.join();
        synchronized (this) {
            if (inFlight == answer) {
                cached = report;
                cachedAt = clock.instant();
                inFlight = null;
            }
        }
        return report;
    }

    private CompletableFuture<HealthReport> refresh() {
        Map<String, CompletableFuture<String>> results = new LinkedHashMap<>();
        for (HealthProbe probe : probes) {
            // a copy times out, not the shared run, which a later check still waits for
            results.put(probe.name(), run(probe).copy()
                    .completeOnTimeout("no answer within " + PROBE_DEADLINE.toMillis() + " ms", PROBE_DEADLINE.toMillis(), TimeUnit.MILLISECONDS));
        }
        return CompletableFuture.allOf(results.values().toArray(CompletableFuture[]::new)).thenApply(done -> {
            Map<String, Boolean> up = new LinkedHashMap<>();
            results.forEach((name, result) -> {
                String reason = result.join();
                up.put(name, reason == null);
                logChange(name, reason);
            });
            return new HealthReport(up);
        });
    }

    /**
     * The probe's result, null when up or the reason it is down: its run still in progress if there is one, else
     * a new run. Only one refresh runs at a time (see {@link #check}), so nothing else touches the map meanwhile.
     */
    private CompletableFuture<String> run(HealthProbe probe) {
        CompletableFuture<String> current = running.get(probe.name());
        if (current != null && !current.isDone()) {
            return current;
        }
        CompletableFuture<String> fresh = CompletableFuture.supplyAsync(() -> {
            try {
                probe.check();
                return null;
            } catch (Exception e) {
                return describe(e);
            }
        }, executor);
        running.put(probe.name(), fresh);
        return fresh;
    }

    private void logChange(String name, String reason) {
        String state = reason == null ? "up" : "down";
        String before = lastState.put(name, state);
        if (reason != null && !"down".equals(before)) {
            LOG.warn("health check {} is down: {}", name, reason);
        } else if (reason == null && "down".equals(before)) {
            LOG.info("health check {} is up again", name);
        }
    }

    private static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return message == null || message.isBlank() ? root.getClass().getSimpleName() : message;
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
