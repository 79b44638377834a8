package dev.webhooker.store;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.UUID;
import java.util.regex.Pattern;

/** The seed's object key layout for parked payloads: {@code webhooks/YYYY/MM/DD/<uuid>.json}. */
public final class PayloadKeys {

    public static final String PREFIX = "webhooks/";
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy/MM/dd").withZone(ZoneOffset.UTC);
    private static final Pattern SHAPE = Pattern.compile(
            "webhooks/\\d{4}/\\d{2}/\\d{2}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.json");

    private PayloadKeys() {
    }

    public static String newKey(Instant now) {
        return PREFIX + DAY.format(now) + "/" + UUID.randomUUID() + ".json";
    }

    /** True for keys this service writes; anything else is refused so a key can never escape the layout. */
    public static boolean isValid(String key) {
        return key != null && SHAPE.matcher(key).matches();
    }
}
