package dev.webhooker.ingress;

import static dev.webhooker.ingress.HeaderNames.*;

import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * Verifies a delivery's signature with the secret that applies to it.
 * Every failure is the same {@code 401 Invalid signature}; the detail names the header at fault,
 * never the expected value. Nothing here touches storage: the replay nonce is only checked for shape
 * and handed on, to be consumed atomically when the delivery is accepted.
 */
final class WebhookAuthenticator {

    private static final HexFormat HEX = HexFormat.of();
    /** A plain decimal Unix time in seconds, as signed (the original re-printed a parsed float). */
    private static final Pattern TIMESTAMP = Pattern.compile("[0-9]{1,12}");
    /** Nonces end up in a KV key: printable ASCII without spaces or colons, bounded length. */
    private static final Pattern NONCE = Pattern.compile("[!-9;-~]{1,128}");
    private static final Pattern MESSAGE_ID = Pattern.compile("[!-~]{1,256}");

    private final Duration replayWindow;

    public WebhookAuthenticator(Duration replayWindow) {
        this.replayWindow = replayWindow;
    }

    /**
     * @param secret              the secret for this endpoint and provider; null or blank fails every request
     * @param requireReplayGuards true when a custom delivery must carry a signed timestamp and a
     *                            single-use id (replay mode or Standard Webhooks), not a body-only signature
     */
    public Authentication authenticate(Provider provider, WebhookHeaders headers, byte[] body, String secret,
            boolean requireReplayGuards, Instant now) {
        return switch (provider) {
            case GITHUB -> {
                require(headers.get(GITHUB_SIGNATURE), GITHUB_SIGNATURE);
                check(Hmac.matches(headers.get(GITHUB_SIGNATURE), prefixed("sha256=", hexMac(secret, body))), GITHUB_SIGNATURE);
                yield Authentication.BODY_ONLY;
            }
            case GITEA -> {
                require(headers.get(GITEA_SIGNATURE), GITEA_SIGNATURE);
                check(Hmac.matches(headers.get(GITEA_SIGNATURE), hexMac(secret, body)), GITEA_SIGNATURE);
                yield Authentication.BODY_ONLY;
            }
            case CUSTOM -> headers.has(CUSTOM_SIGNATURE)
                    ? custom(headers, body, secret, requireReplayGuards, now)
                    : standardWebhooks(headers, body, secret, now);
        };
    }

    private Authentication custom(WebhookHeaders headers, byte[] body, String secret, boolean requireReplayGuards, Instant now) {
        String signature = headers.get(CUSTOM_SIGNATURE);
        String timestamp = headers.get(CUSTOM_TIMESTAMP);
        String nonce = headers.get(CUSTOM_NONCE);
        // replay mode needs both headers; with one of them the body-only form applies
        if (timestamp == null || nonce == null) {
            if (requireReplayGuards) {
                throw invalid("this endpoint requires " + CUSTOM_TIMESTAMP + " and " + CUSTOM_NONCE);
            }
            check(Hmac.matches(signature, prefixed("sha256=", hexMac(secret, body))), CUSTOM_SIGNATURE);
            return Authentication.BODY_ONLY;
        }
        checkTimestamp(timestamp, CUSTOM_TIMESTAMP, now);
        if (!NONCE.matcher(nonce).matches()) {
            throw invalid(CUSTOM_NONCE + " must be 1-128 printable ASCII characters without spaces or ':'");
        }
        String expected = prefixed("sha256=", hexMac(secret, Hmac.utf8(timestamp + "." + nonce + "."), body));
        check(Hmac.matches(signature, expected), CUSTOM_SIGNATURE);
        return new Authentication(nonce, null);
    }

    private Authentication standardWebhooks(WebhookHeaders headers, byte[] body, String secret, Instant now) {
        String id = require(headers.get(STANDARD_ID), STANDARD_ID);
        String timestamp = require(headers.get(STANDARD_TIMESTAMP), STANDARD_TIMESTAMP);
        if (!MESSAGE_ID.matcher(id).matches()) {
            throw invalid(STANDARD_ID + " must be 1-256 printable ASCII characters");
        }
        checkTimestamp(timestamp, STANDARD_TIMESTAMP, now);
        boolean ok = secret != null && !secret.isBlank()
                && StandardWebhooksSignature.verify(secret, id, timestamp, body, headers.get(STANDARD_SIGNATURE));
        check(ok, STANDARD_SIGNATURE);
        // the signed id is the delivery id, so a replay inside the dedup window is a duplicate
        return new Authentication(null, id);
    }

    private void checkTimestamp(String timestamp, String header, Instant now) {
        if (!TIMESTAMP.matcher(timestamp).matches()) {
            throw invalid(header + " must be Unix time in whole seconds");
        }
        long skew = Math.abs(now.getEpochSecond() - Long.parseLong(timestamp));
        if (skew > replayWindow.toSeconds()) {
            throw invalid(header + " is more than " + replayWindow.toSeconds() + " s away from the server time");
        }
    }

    /** Null without a secret, so that no received header can ever match. */
    private static String hexMac(String secret, byte[]... parts) {
        if (secret == null || secret.isEmpty()) {
            return null;
        }
        return HEX.formatHex(Hmac.sha256(Hmac.utf8(secret), parts));
    }

    private static String prefixed(String prefix, String hex) {
        return hex == null ? null : prefix + hex;
    }

    private static String require(String value, String header) {
        if (value == null) {
            throw invalid("missing " + header + " header");
        }
        return value;
    }

    private static void check(boolean ok, String header) {
        if (!ok) {
            // (a server without a secret for the provider is refused before this, saying so: WebhookVerifier)
            throw invalid(header + " does not match the body");
        }
    }

    private static WebhookRejectedException invalid(String detail) {
        return new WebhookRejectedException(Rejection.INVALID_SIGNATURE, detail);
    }
}
