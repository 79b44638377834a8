package dev.webhooker.secrets;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.springframework.security.crypto.encrypt.BytesEncryptor;
import org.springframework.security.crypto.encrypt.Encryptors;

import dev.webhooker.routing.SecretSeal;

/**
 * Encrypts secrets at rest (users' GitHub tokens, group webhook secrets): AES-256-GCM through Spring Security's {@link Encryptors#stronger},
 * which derives the key from WEBHOOKER_SECRET_KEY (PBKDF2) and gives every value a fresh random IV. A value
 * reads {@code v1:} + base64. After a rotation the previous key still opens what it sealed; GCM's tag tells
 * which key fits, so nothing is re-encrypted up front (tokens are rewritten at their next refresh or sign-in, group secrets at their next rotation).
 */
public final class SecretBox implements SecretSeal {

    private static final String PREFIX = "v1:";
    /**
     * The key carries the entropy; the salt only keeps this derivation apart from any other use of the
     * same passphrase, so it is fixed (hex of "webhooker-secret").
     */
    private static final String SALT = "776562686f6f6b65722d736563726574";

    private final BytesEncryptor current;
    private final List<BytesEncryptor> readers;
    private final List<String> keys;

    public SecretBox(String key, String previousKey) {
        this.current = Encryptors.stronger(key, SALT);
        this.keys = previousKey == null || previousKey.isBlank() ? List.of(key) : List.of(key, previousKey);
        List<BytesEncryptor> all = new ArrayList<>(List.of(current));
        if (previousKey != null && !previousKey.isBlank()) {
            all.add(Encryptors.stronger(previousKey, SALT));
        }
        this.readers = List.copyOf(all);
    }

    @Override
    public boolean isSealed(String value) {
        return value != null && value.startsWith(PREFIX);
    }

    @Override
    public String seal(String plain) {
        return PREFIX + Base64.getEncoder().withoutPadding().encodeToString(current.encrypt(plain.getBytes(StandardCharsets.UTF_8)));
    }

    /** The plain text; throws {@link SealedValueException} when no configured key opens it. */
    @Override
    public String open(String sealed) {
        if (sealed == null || !sealed.startsWith(PREFIX)) {
            throw new SealedValueException("not a sealed value");
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(sealed.substring(PREFIX.length()));
        } catch (IllegalArgumentException e) {
            throw new SealedValueException("not base64");
        }
        for (BytesEncryptor reader : readers) {
            try {
                return new String(reader.decrypt(bytes), StandardCharsets.UTF_8);
            } catch (IllegalStateException | IllegalArgumentException wrongKey) {
                // GCM's tag did not match: try the next key
            }
        }
        throw new SealedValueException("no configured key opens it (was WEBHOOKER_SECRET_KEY changed without WEBHOOKER_SECRET_KEY_PREVIOUS?)");
    }

    /**
     * Keys for one {@code purpose} (HMAC-SHA256 of the purpose under WEBHOOKER_SECRET_KEY), so that no other use
     * of the key can be turned against it: the current key's first, then the previous key's (still accepted after
     * a rotation).
     */
    public List<byte[]> purposeKeys(String purpose) {
        List<byte[]> derived = new ArrayList<>();
        for (String key : keys) {
            try {
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
                derived.add(mac.doFinal(("webhooker/" + purpose).getBytes(StandardCharsets.UTF_8)));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
            }
        }
        return List.copyOf(derived);
    }

    /** A stored value that cannot be decrypted: tampered with, or sealed under a key no longer configured. */
    public static final class SealedValueException extends RuntimeException {
        SealedValueException(String message) {
            super(message, null, false, false);
        }
    }
}
