package dev.webhooker.routing;

import java.util.Base64;

/**
 * A Standard Webhooks signing secret: {@code whsec_} and the base64 of 24 to 64 random bytes (the receiver's library
 * decodes the same). {@link #toString()} never shows it.
 */
public final class WebhookSecret {

    public static final String PREFIX = "whsec_";
    private static final int MIN_BYTES = 24;
    private static final int MAX_BYTES = 64;

    private final byte[] key;

    private WebhookSecret(byte[] key) {
        this.key = key;
    }

    /** Reads {@code whsec_…}; a value that is not one is refused with what is wrong with it (never the value). */
    public static WebhookSecret parse(String value) {
        if (value == null || !value.startsWith(PREFIX)) {
            throw new IllegalArgumentException("a webhook secret starts with " + PREFIX);
        }
        byte[] key;
        try {
            key = Base64.getDecoder().decode(value.substring(PREFIX.length()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("a webhook secret is " + PREFIX + " followed by base64");
        }
        if (key.length < MIN_BYTES || key.length > MAX_BYTES) {
            throw new IllegalArgumentException("a webhook secret holds " + MIN_BYTES + " to " + MAX_BYTES + " bytes, this one "
                    + key.length);
        }
        return new WebhookSecret(key);
    }

    /** The HMAC key (a copy). */
    public byte[] key() {
        return key.clone();
    }

    @Override
    public String toString() {
        return PREFIX + "…";
    }
}
