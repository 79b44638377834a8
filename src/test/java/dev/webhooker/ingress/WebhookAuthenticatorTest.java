package dev.webhooker.ingress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Signature vectors of the shipped fixtures, and the replay rules. */
class WebhookAuthenticatorTest {

    private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");
    private final WebhookAuthenticator authenticator = new WebhookAuthenticator(Duration.ofSeconds(300));

    private static WebhookHeaders headers(String... nameValues) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < nameValues.length; i += 2) {
            map.put(nameValues[i], nameValues[i + 1]);
        }
        return WebhookHeaders.of(map);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static String hmacHex(String secret, String content) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(bytes(secret), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(bytes(content)));
    }

    private void assertRejected(Provider provider, WebhookHeaders headers, byte[] body, String secret) {
        assertThatThrownBy(() -> authenticator.authenticate(provider, headers, body, secret, false, NOW))
                .isInstanceOfSatisfying(WebhookRejectedException.class,
                        e -> assertThat(e.rejection()).isEqualTo(Rejection.INVALID_SIGNATURE));
    }

    @Nested
    class GithubVectors {
        static final String SNARE_BODY = "{\n  \"repository\": {\n    \"owner\": {\n      \"login\": \"testuser\"\n    },\n    \"name\": \"testrepo\"\n  }\n}";

        @Test
        void documentedExampleVerifies() {
            var h = headers("X-Hub-Signature-256", "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17");
            assertThat(authenticator.authenticate(Provider.GITHUB, h, bytes("Hello, World!"), "It's a Secret to Everybody", false, NOW))
                    .isEqualTo(Authentication.BODY_ONLY);
        }

        @Test
        void snareJsonVectorVerifiesAndItsNegativesFail() {
            assertThat(bytes(SNARE_BODY)).hasSize(96);
            String good = "sha256=d11297e14fe5286dd68fd58c5e23ea7fb45e60ceff51ec3eb3729400fcbcb4b2";
            authenticator.authenticate(Provider.GITHUB, headers("X-Hub-Signature-256", good), bytes(SNARE_BODY), "secretsecret", false, NOW);
            String lastDigitChanged = good.substring(0, good.length() - 1) + "3";
            assertRejected(Provider.GITHUB, headers("X-Hub-Signature-256", lastDigitChanged), bytes(SNARE_BODY), "secretsecret");
            assertRejected(Provider.GITHUB, headers("X-Hub-Signature-256", good), bytes(SNARE_BODY), "secretsecretsecret");
        }

        @Test
        void snareFormVectorCoversTheRawFormBody() {
            byte[] form = bytes("payload=" + SNARE_BODY);
            assertThat(form).hasSize(104);
            authenticator.authenticate(Provider.GITHUB,
                    headers("X-Hub-Signature-256", "sha256=292e1ce3568fecd98589c71938e19afee9b04b7fe11886d5478d802416bbde66"),
                    form, "secretsecret", false, NOW);
        }

        @Test
        void upperCaseHexMissingPrefixMissingHeaderAndMissingSecretFail() {
            String hex = "757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";
            byte[] body = bytes("Hello, World!");
            String secret = "It's a Secret to Everybody";
            assertRejected(Provider.GITHUB, headers("X-Hub-Signature-256", "sha256=" + hex.toUpperCase()), body, secret);
            assertRejected(Provider.GITHUB, headers("X-Hub-Signature-256", hex), body, secret);
            assertRejected(Provider.GITHUB, headers("X-Hub-Signature-256", " sha256=" + hex), body, secret);
            assertRejected(Provider.GITHUB, headers(), body, secret);
            assertRejected(Provider.GITHUB, headers("X-Hub-Signature-256", "sha256=" + hex), body, "");
            assertRejected(Provider.GITHUB, headers("X-Hub-Signature-256", "sha256=null"), body, null);
        }

        @Test
        void headerNamesAreCaseInsensitive() {
            var h = headers("x-hub-signature-256", "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17");
            authenticator.authenticate(Provider.GITHUB, h, bytes("Hello, World!"), "It's a Secret to Everybody", false, NOW);
        }
    }

    @Nested
    class Gitea {
        @Test
        void bareHexOfVectorOneVerifies() {
            var h = headers("X-Gitea-Signature", "757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17");
            authenticator.authenticate(Provider.GITEA, h, bytes("Hello, World!"), "It's a Secret to Everybody", false, NOW);
        }

        @Test
        void prefixedValueAndGithubHeaderAloneFail() {
            byte[] body = bytes("Hello, World!");
            String secret = "It's a Secret to Everybody";
            assertRejected(Provider.GITEA, headers("X-Gitea-Signature", "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"), body, secret);
            assertRejected(Provider.GITEA, headers("X-Hub-Signature-256", "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"), body, secret);
            assertRejected(Provider.GITEA, headers("X-Gitea-Signature", ""), body, secret);
        }
    }

    @Nested
    class StandardWebhooks {
        static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        static final String ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
        static final String TS = "1614265330";
        static final byte[] BODY = bytes("{\"test\": 2432232314}");
        static final Instant AT = Instant.ofEpochSecond(1614265330);

        WebhookHeaders signed(String signature, String timestamp) {
            return headers("webhook-id", ID, "webhook-timestamp", timestamp, "webhook-signature", signature);
        }

        @Test
        void libraryVectorVerifiesAndYieldsTheMessageId() {
            Authentication auth = authenticator.authenticate(Provider.CUSTOM,
                    signed("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=", TS), BODY, SECRET, true, AT);
            assertThat(auth.signedMessageId()).isEqualTo(ID);
            assertThat(auth.nonce()).isNull();
        }

        @Test
        void anyOfSeveralSignaturesMayMatch() {
            authenticator.authenticate(Provider.CUSTOM,
                    signed("v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=", TS),
                    BODY, SECRET, false, AT);
        }

        @Test
        void negativeVectorsFail() {
            assertThatThrownBy(() -> authenticator.authenticate(Provider.CUSTOM,
                    signed("v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=", TS), BODY, SECRET, false, AT))
                    .isInstanceOf(WebhookRejectedException.class);
            assertThatThrownBy(() -> authenticator.authenticate(Provider.CUSTOM, signed("v1,", TS), BODY, SECRET, false, AT))
                    .isInstanceOf(WebhookRejectedException.class);
            for (String badSecret : new String[] {"", "whsec_"}) {
                assertThatThrownBy(() -> authenticator.authenticate(Provider.CUSTOM,
                        signed("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=", TS), BODY, badSecret, false, AT))
                        .isInstanceOf(WebhookRejectedException.class);
            }
        }

        @Test
        void timestampsMoreThanFiveMinutesAwayFail() {
            String sig = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
            for (Instant at : new Instant[] {AT.plusSeconds(301), AT.minusSeconds(301)}) {
                assertThatThrownBy(() -> authenticator.authenticate(Provider.CUSTOM, signed(sig, TS), BODY, SECRET, false, at))
                        .isInstanceOfSatisfying(WebhookRejectedException.class,
                                e -> assertThat(e.detail()).contains("webhook-timestamp"));
            }
            authenticator.authenticate(Provider.CUSTOM, signed(sig, TS), BODY, SECRET, false, AT.plusSeconds(300));
        }
    }

    @Nested
    class Custom {
        static final String SECRET = "a".repeat(64);
        static final String BODY = "{\"title\":\"Deploy failed\"}";

        @Test
        void legacyBodySignatureIsAcceptedUnlessReplayProtectionIsRequired() throws Exception {
            var h = headers("X-WebHooker-Signature", "sha256=" + hmacHex(SECRET, BODY));
            assertThat(authenticator.authenticate(Provider.CUSTOM, h, bytes(BODY), SECRET, false, NOW)).isEqualTo(Authentication.BODY_ONLY);
            assertThatThrownBy(() -> authenticator.authenticate(Provider.CUSTOM, h, bytes(BODY), SECRET, true, NOW))
                    .isInstanceOfSatisfying(WebhookRejectedException.class, e -> {
                        assertThat(e.rejection()).isEqualTo(Rejection.INVALID_SIGNATURE);
                        assertThat(e.detail()).contains("X-WebHooker-Timestamp");
                    });
        }

        @Test
        void replayModeSignsTimestampNonceAndBodyAndHandsTheNonceOn() throws Exception {
            String ts = Long.toString(NOW.getEpochSecond());
            var h = headers("X-WebHooker-Signature", "sha256=" + hmacHex(SECRET, ts + ".n-1." + BODY),
                    "X-WebHooker-Timestamp", ts, "X-WebHooker-Nonce", "n-1");
            assertThat(authenticator.authenticate(Provider.CUSTOM, h, bytes(BODY), SECRET, true, NOW).nonce()).isEqualTo("n-1");
        }

        @Test
        void replayHeadersWithABodyOnlySignatureFail() throws Exception {
            String ts = Long.toString(NOW.getEpochSecond());
            var h = headers("X-WebHooker-Signature", "sha256=" + hmacHex(SECRET, BODY),
                    "X-WebHooker-Timestamp", ts, "X-WebHooker-Nonce", "n-1");
            assertRejected(Provider.CUSTOM, h, bytes(BODY), SECRET);
        }

        @Test
        void timestampWithoutNonceFallsBackToTheBodySignature() throws Exception {
            var h = headers("X-WebHooker-Signature", "sha256=" + hmacHex(SECRET, BODY), "X-WebHooker-Timestamp", "1");
            assertThat(authenticator.authenticate(Provider.CUSTOM, h, bytes(BODY), SECRET, false, NOW)).isEqualTo(Authentication.BODY_ONLY);
        }

        @Test
        void staleOrMalformedTimestampAndEmptyNonceFail() throws Exception {
            long old = NOW.getEpochSecond() - 3600;
            var stale = headers("X-WebHooker-Signature", "sha256=" + hmacHex(SECRET, old + ".n." + BODY),
                    "X-WebHooker-Timestamp", Long.toString(old), "X-WebHooker-Nonce", "n");
            assertRejected(Provider.CUSTOM, stale, bytes(BODY), SECRET);
            String ts = NOW.getEpochSecond() + ".0";
            var fractional = headers("X-WebHooker-Signature", "sha256=" + hmacHex(SECRET, ts + ".n." + BODY),
                    "X-WebHooker-Timestamp", ts, "X-WebHooker-Nonce", "n");
            assertRejected(Provider.CUSTOM, fractional, bytes(BODY), SECRET);
            String now = Long.toString(NOW.getEpochSecond());
            var emptyNonce = headers("X-WebHooker-Signature", "sha256=" + hmacHex(SECRET, now + ".." + BODY),
                    "X-WebHooker-Timestamp", now, "X-WebHooker-Nonce", "");
            assertRejected(Provider.CUSTOM, emptyNonce, bytes(BODY), SECRET);
        }

        @Test
        void exactlyThreeHundredSecondsOfSkewIsAccepted() throws Exception {
            long ts = NOW.getEpochSecond() - 300;
            var h = headers("X-WebHooker-Signature", "sha256=" + hmacHex(SECRET, ts + ".n." + BODY),
                    "X-WebHooker-Timestamp", Long.toString(ts), "X-WebHooker-Nonce", "n");
            authenticator.authenticate(Provider.CUSTOM, h, bytes(BODY), SECRET, false, NOW);
        }
    }
}
