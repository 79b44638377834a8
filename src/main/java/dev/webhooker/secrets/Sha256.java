package dev.webhooker.secrets;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Lowercase hex SHA-256 of a text: how a credential is named where it must not be kept itself (the KV keys of
 * sessions, token owners and claim codes, the browser nonce's hash).
 */
public final class Sha256 {

    private Sha256() {
    }

    public static String hex(String value) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
