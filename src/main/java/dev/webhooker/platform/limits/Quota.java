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
 * {@code calls}, so a quiet subject may send a burst of that size. The bucket's configuration is built once, here,
 * not on every call that takes a token.
 */
public final class Quota {

    private final String name;
    private final BucketConfiguration bucket;

    public Quota(String name, long calls, Duration period) {
        if (calls < 1 || period.isZero() || period.isNegative()) {
            throw new IllegalArgumentException("a quota needs at least one call per positive period");
        }
        this.name = name;
        this.bucket = BucketConfiguration.builder()
                .addLimit(Bandwidth.builder().capacity(calls).refillGreedy(calls, period).build())
                .build();
    }

    /** This quota applied to one subject; {@code subject} names it within the quota (a chat id, say). */
    public Use of(String subject) {
        return new Use(this, name + ":" + subject);
    }

    /**
     * A short name for a credential (a bot's token, a webhook URL, which is the credential to post to it), so that a
     * limit key in Redis or the database neither holds the credential nor grows with it, and two bots sharing a
     * Redis stay apart.
     */
    public static String fingerprint(String credential) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(credential.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    BucketConfiguration bucket() {
        return bucket;
    }

    @Override
    public String toString() {
        return name;
    }

    /** A call counted against {@code quota} under {@code key}. */
    public record Use(Quota quota, String key) {
    }
}
