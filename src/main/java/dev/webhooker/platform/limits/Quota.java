package dev.webhooker.platform.limits;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.BucketConfiguration;

/**
 * A rate a platform publishes and enforces without telling us how much is left: at most {@code calls} per
 * {@code period}, for each subject (a chat, a bot). Held as a token bucket that refills smoothly and holds up to
 * {@code calls}, so a quiet subject may send a burst of that size.
 */
public record Quota(String name, long calls, Duration period) {

    public Quota {
        if (calls < 1 || period.isZero() || period.isNegative()) {
            throw new IllegalArgumentException("a quota needs at least one call per positive period");
        }
    }

    /** This quota applied to one subject; {@code subject} names it within the quota (a chat id, say). */
    public Use of(String subject) {
        return new Use(this, name + ":" + subject);
    }

    /**
     * A subject naming a bot by its token without holding the token: quotas of two bots sharing a Redis stay apart,
     * and no key shows a credential.
     */
    public static String botOf(String token) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    BucketConfiguration bucket() {
        return BucketConfiguration.builder()
                .addLimit(Bandwidth.builder().capacity(calls).refillGreedy(calls, period).build())
                .build();
    }

    /** A call counted against {@code quota} under {@code key}. */
    public record Use(Quota quota, String key) {
    }
}
