package dev.webhooker.queue;

import java.util.Locale;

/** The status of a whole delivery ({@code delivery_state.status}). */
public enum DeliveryStatus {
    PENDING, PROCESSING, DELIVERED, RETRYING, FAILED, DEAD;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static DeliveryStatus fromWire(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    public boolean isFinal() {
        return this == DELIVERED || this == FAILED || this == DEAD;
    }
}
