package dev.webhooker.maintenance;

import java.util.regex.Pattern;

/**
 * How long audit rows are kept. AUDIT_RETENTION_DAYS is read the way the original read it
 * ({@code Number(value)}): fractions are kept, an unset, unparsable or zero value means 90 days,
 * and anything below one day counts as one day — existing deployments rely on these rules.
 */
final class AuditRetention {

    static final double DEFAULT_DAYS = 90;
    private static final long DAY_MS = 86_400_000L;
    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    private AuditRetention() {
    }

    public static double days(String setting) {
        if (setting == null) {
            return DEFAULT_DAYS;
        }
        String value = setting.trim();
        if (!NUMBER.matcher(value).matches()) {
            return DEFAULT_DAYS;
        }
        double days = Double.parseDouble(value);
        if (days == 0 || Double.isNaN(days)) {
            return DEFAULT_DAYS;
        }
        return Math.max(days, 1);
    }

    /** Rows with {@code ts} below this are due; {@link Long#MIN_VALUE} when nothing can be that old. */
    public static long cutoff(String setting, long nowMs) {
        double cutoff = nowMs - days(setting) * DAY_MS;
        return cutoff <= 0 ? Long.MIN_VALUE : (long) cutoff;
    }
}
