package dev.webhooker.platform.webhook;

import dev.webhooker.routing.WebhookSecret;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.List;
import java.util.StringJoiner;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code webhook-signature} header of Standard Webhooks: {@code v1,} and the base64 HMAC-SHA256 of
 * {@code <webhook-id>.<webhook-timestamp>.<body>}, one per secret, separated by spaces — during a rotation the new
 * and the old secret both sign, so a receiver that knows either accepts the message.
 */
public final class WebhookSignature {

    private WebhookSignature() {
    }

    public static String sign(List<WebhookSecret> secrets, String id, long timestampSeconds, byte[] body) {
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("a webhook target needs a secret to sign with");
        }
        byte[] prefix = (id + "." + timestampSeconds + ".").getBytes(StandardCharsets.UTF_8);
        StringJoiner header = new StringJoiner(" ");
        for (WebhookSecret secret : secrets) {
            try {
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(new SecretKeySpec(secret.key(), "HmacSHA256"));
                mac.update(prefix);
                header.add("v1," + Base64.getEncoder().encodeToString(mac.doFinal(body)));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
            }
        }
        return header.toString();
    }
}
