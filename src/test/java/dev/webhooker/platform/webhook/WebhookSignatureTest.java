package dev.webhooker.platform.webhook;

import dev.webhooker.routing.WebhookSecret;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

class WebhookSignatureTest {

    /** The test vector of the Standard Webhooks specification (its reference libraries check the same). */
    static final String SPEC_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

    @Test
    void reproducesTheSpecificationsTestVector() {
        String signature = WebhookSignature.sign(List.of(WebhookSecret.parse(SPEC_SECRET)), "msg_p5jXN8AQM9LWM0D4loKWxJek",
                1614265330, "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8));

        assertThat(signature).isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    @Test
    void duringARotationBothSecretsSignNewFirst() {
        WebhookSecret next = WebhookSecret.parse("whsec_" + java.util.Base64.getEncoder().encodeToString(new byte[32]));
        byte[] body = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);

        String both = WebhookSignature.sign(List.of(next, WebhookSecret.parse(SPEC_SECRET)), "msg_p5jXN8AQM9LWM0D4loKWxJek",
                1614265330, body);

        String[] signatures = both.split(" ");
        assertThat(signatures).hasSize(2);
        assertThat(signatures[1]).isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
        assertThat(signatures[0]).startsWith("v1,").isNotEqualTo(signatures[1]);
    }

    @Test
    void aSecretThatIsNotOneSaysWhatIsWrongWithoutShowingIt() {
        assertThatThrownBy(() -> WebhookSecret.parse("hunter2")).hasMessage("a webhook secret starts with whsec_");
        assertThatThrownBy(() -> WebhookSecret.parse("whsec_not base64!")).hasMessage("a webhook secret is whsec_ followed by base64");
        assertThatThrownBy(() -> WebhookSecret.parse("whsec_c2hvcnQ=")).hasMessageContaining("24 to 64 bytes, this one 5");
        assertThat(WebhookSecret.parse(SPEC_SECRET).toString()).doesNotContain("MfKQ");
    }
}
