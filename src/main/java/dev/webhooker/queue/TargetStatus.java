package dev.webhooker.queue;

import java.util.Locale;

/** The outcome so far of one (route x target) of a delivery ({@code delivery_targets.status}). */
public enum TargetStatus {
    PENDING, RETRYING, DELIVERED, FAILED, DEAD;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static TargetStatus fromWire(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    public boolean isFinal() {
        return this == DELIVERED || this == FAILED || this == DEAD;
    }
}
