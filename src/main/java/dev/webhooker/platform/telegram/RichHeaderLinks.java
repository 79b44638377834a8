package dev.webhooker.platform.telegram;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs the parameters of the rich-header links the Telegram renderer makes and checks them
 * when Telegram fetches the page: WebHooker's page reflected any title, text and image it was given,
 * ours shows only what this service put into a message. HMAC-SHA256 under a key of its own (derived from
 * WEBHOOKER_SECRET_KEY), cut to 128 bits; after a key rotation links signed with the previous key still work.
 */
public final class RichHeaderLinks {

    static final String PARAM = "sig";

    private final List<byte[]> keys;

    public RichHeaderLinks(List<byte[]> keys) {
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("at least one key");
        }
        this.keys = List.copyOf(keys);
    }

    /** The signature of these parameters (empty strings for absent ones). */
    public String sign(String title, String content, String avatar) {
        return sign(keys.get(0), title, content, avatar);
    }

    /** True when {@code signature} is one this service made for these parameters. */
    public boolean verifies(String title, String content, String avatar, String signature) {
        if (signature == null || signature.isEmpty()) {
            return false;
        }
        byte[] given = signature.getBytes(StandardCharsets.US_ASCII);
        for (byte[] key : keys) {
            if (MessageDigest.isEqual(given, sign(key, title, content, avatar).getBytes(StandardCharsets.US_ASCII))) {
                return true;
            }
        }
        return false;
    }

    private static String sign(byte[] key, String title, String content, String avatar) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            // lengths first, so that no two different triples make the same input
            String input = length(title) + "\n" + length(content) + "\n" + nullToEmpty(title) + nullToEmpty(content) + nullToEmpty(avatar);
            byte[] digest = mac.doFinal(input.getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(java.util.Arrays.copyOf(digest, 16));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    private static int length(String s) {
        return s == null ? 0 : s.length();
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
