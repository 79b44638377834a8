package dev.webhooker.health;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The outcome of one /health check: each probe's name and whether it is up. The reasons stay in the log
 * (driver error texts would tell anyone who asks about the internals).
 */
record HealthReport(Map<String, Boolean> up) {

    public HealthReport {
        up = Collections.unmodifiableMap(new LinkedHashMap<>(up));
    }

    public boolean ok() {
        return up.values().stream().allMatch(Boolean::booleanValue);
    }

    public int httpStatus() {
        return ok() ? 200 : 503;
    }

    /** {@code {"status":"ok"}} when everything answers, else {@code {"status":"degraded","checks":{"kv":"down",…}}}. */
    public Map<String, Object> body() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", ok() ? "ok" : "degraded");
        if (!ok()) {
            Map<String, String> checks = new LinkedHashMap<>();
            up.forEach((name, isUp) -> checks.put(name, isUp ? "ok" : "down"));
            body.put("checks", checks);
        }
        return body;
    }
}
