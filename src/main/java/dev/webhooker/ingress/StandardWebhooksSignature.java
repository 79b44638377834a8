package dev.webhooker.ingress;

import java.util.Base64;

/**
 * The Standard Webhooks scheme (standardwebhooks.com): {@code webhook-signature} holds one or more
 * space-separated {@code v1,<base64 HMAC-SHA256>} entries over {@code id.timestamp.body}; any one
 * matching is enough. A secret written as {@code whsec_<base64>} is used base64-decoded, as the
 * Standard Webhooks libraries do; any other secret (e.g. our 64-hex group secrets) is used as UTF-8
 * bytes, like every other scheme here.
 */
final class StandardWebhooksSignature {

    private static final String PREFIX = "whsec_";
    private static final String VERSION = "v1,";

    private StandardWebhooksSignature() {
    }

    static byte[] key(String secret) {
        if (secret.startsWith(PREFIX)) {
            try {
                return Base64.getDecoder().decode(secret.substring(PREFIX.length()));
            } catch (IllegalArgumentException e) {
                return new byte[0];
            }
        }
        return Hmac.utf8(secret);
    }

    static boolean verify(String secret, String id, String timestamp, byte[] body, String signatureHeader) {
        byte[] key = key(secret);
        if (key.length == 0 || signatureHeader == null) {
            return false;
        }
        byte[] mac = Hmac.sha256(key, Hmac.utf8(id), Hmac.utf8("."), Hmac.utf8(timestamp), Hmac.utf8("."), body);
        String expected = VERSION + Base64.getEncoder().encodeToString(mac);
        boolean any = false;
        for (String candidate : signatureHeader.split(" ")) {
            // keep comparing after a match so the time taken does not tell which entry matched
            any |= Hmac.matches(candidate, expected);
        }
        return any;
    }
}
