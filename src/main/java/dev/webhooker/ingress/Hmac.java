package dev.webhooker.ingress;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** HMAC-SHA256 over a sequence of byte parts, and the constant-time comparison every scheme uses. */
final class Hmac {

    private Hmac() {
    }

    static byte[] sha256(byte[] key, byte[]... parts) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            for (byte[] part : parts) {
                mac.update(part);
            }
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available in this JVM", e);
        }
    }

    /**
     * Compares the header exactly as received with the expected text, in time independent of where they
     * differ ({@link MessageDigest#isEqual}); no trimming and no case folding.
     */
    static boolean matches(String received, String expected) {
        if (received == null || expected == null) {
            return false;
        }
        return MessageDigest.isEqual(received.getBytes(StandardCharsets.UTF_8), expected.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
