package dev.webhooker.health;

import java.util.LinkedHashMap;
import java.util.Map;

/** The outcome of one /health call: each probe's name and "ok" or "down: why". */
public record HealthReport(Map<String, String> checks) {

    public boolean ok() {
        return checks.values().stream().allMatch("ok"::equals);
    }

    public int httpStatus() {
        return ok() ? 200 : 503;
    }

    /** {@code {"status":"ok"}} when everything answers, else the degraded body naming what is down. */
    public Map<String, Object> body() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", ok() ? "ok" : "degraded");
        if (!ok()) {
            body.put("checks", checks);
        }
        return body;
    }
}
