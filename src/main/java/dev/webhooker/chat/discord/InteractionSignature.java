package dev.webhooker.chat.discord;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;

import dev.webhooker.config.InvalidSettingException;

/**
 * Discord's request signature: Ed25519 over the UTF-8 of {@code X-Signature-Timestamp} followed by the raw
 * body, checked with the JDK's own {@code Ed25519} provider against DISCORD_PUBLIC_KEY (64 hex characters,
 * as the developer portal shows it). A timestamp more than {@link #MAX_SKEW} from now fails too, so a
 * captured request cannot be replayed later.
 */
final class InteractionSignature {

    static final Duration MAX_SKEW = Duration.ofSeconds(180);

    /** The DER prefix that makes a raw 32-byte Ed25519 key an X.509 SubjectPublicKeyInfo (RFC 8410). */
    private static final byte[] X509_PREFIX = HexFormat.of().parseHex("302a300506032b6570032100");

    private final PublicKey key;

    private InteractionSignature(PublicKey key) {
        this.key = key;
    }

    /** The check for DISCORD_PUBLIC_KEY; one that refuses everything when it is not set. A malformed key stops start-up. */
    static InteractionSignature of(String publicKeyHex) {
        if (publicKeyHex == null || publicKeyHex.isBlank()) {
            return new InteractionSignature(null);
        }
        String hex = publicKeyHex.trim();
        if (!hex.matches("[0-9a-fA-F]{64}")) {
            throw new InvalidSettingException("DISCORD_PUBLIC_KEY", "expected the application's public key: 64 hex characters");
        }
        byte[] raw = HexFormat.of().parseHex(hex);
        byte[] der = new byte[X509_PREFIX.length + raw.length];
        System.arraycopy(X509_PREFIX, 0, der, 0, X509_PREFIX.length);
        System.arraycopy(raw, 0, der, X509_PREFIX.length, raw.length);
        try {
            return new InteractionSignature(KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(der)));
        } catch (GeneralSecurityException e) {
            throw new InvalidSettingException("DISCORD_PUBLIC_KEY", "not a valid Ed25519 public key");
        }
    }

    boolean configured() {
        return key != null;
    }

    /**
     * What can be checked before the body is read: a key to check with, both headers there and well-formed, and
     * the timestamp fresh. A request failing this is refused without reading its body.
     */
    boolean plausible(String signatureHex, String timestamp, Instant now) {
        if (key == null || signatureHex == null || timestamp == null || !timestamp.matches("\\d{1,12}") || !signatureHex.matches("[0-9a-fA-F]{128}")) {
            return false;
        }
        Instant sent = Instant.ofEpochSecond(Long.parseLong(timestamp));
        return Duration.between(sent, now).abs().compareTo(MAX_SKEW) <= 0;
    }

    boolean verify(String signatureHex, String timestamp, byte[] body, Instant now) {
        if (!plausible(signatureHex, timestamp, now)) {
            return false;
        }
        try {
            Signature verifier = Signature.getInstance("Ed25519");
            verifier.initVerify(key);
            verifier.update(timestamp.getBytes(StandardCharsets.UTF_8));
            verifier.update(body);
            return verifier.verify(HexFormat.of().parseHex(signatureHex));
        } catch (GeneralSecurityException e) {
            return false;
        }
    }
}
