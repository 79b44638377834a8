package dev.webhooker.ingress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The global endpoint tells an unconfigured server apart from a bad signature. */
class WebhookVerifierTest {

    private static final byte[] BODY = "{\"zen\":\"hi\"}".getBytes(StandardCharsets.UTF_8);

    /** No group has credentials: these tests are about the global endpoint. */
    private static final GroupDirectory NO_GROUPS = new GroupDirectory() {
        @Override
        public Optional<GroupCredentials> credentials(String groupId) {
            return Optional.empty();
        }

        @Override
        public Optional<String> previousSecret(String groupId) {
            return Optional.empty();
        }
    };

    private static WebhookVerifier verifier(IngressSecrets secrets) {
        return new WebhookVerifier(NO_GROUPS, secrets, new ProviderDetector(),
                new WebhookAuthenticator(Duration.ofMinutes(5)), Clock.systemUTC());
    }

    private static ReceivedWebhook global(Map<String, String> headers) {
        return new ReceivedWebhook(null, WebhookHeaders.of(headers), BODY, "application/json");
    }

    @Test
    void aProviderWithoutASecretIsReportedAsTheServersGap() {
        WebhookVerifier verifier = verifier(new IngressSecrets("github-secret", null, false));

        assertThatThrownBy(() -> verifier.verify(global(Map.of("X-Gitea-Event", "push", "X-Gitea-Signature", "00"))))
                .isInstanceOfSatisfying(WebhookRejectedException.class, e -> {
                    assertThat(e.rejection().status()).isEqualTo(401);
                    assertThat(e.detail()).isEqualTo("this endpoint has no secret for gitea deliveries "
                            + "(GITEA_WEBHOOK_SECRET is not set on the server)");
                });
    }

    @Test
    void aConfiguredProviderStillBlamesAWrongSignature() {
        WebhookVerifier verifier = verifier(new IngressSecrets("github-secret", null, false));

        assertThatThrownBy(() -> verifier.verify(global(Map.of("X-GitHub-Event", "ping", "X-Hub-Signature-256", "sha256=00"))))
                .isInstanceOfSatisfying(WebhookRejectedException.class,
                        e -> assertThat(e.detail()).isEqualTo("X-Hub-Signature-256 does not match the body"));
    }

    @Test
    void eachMissingSecretIsOneStartUpWarning() {
        assertThat(new IngressSecrets("a", "b", false).unconfigured()).isEmpty();
        assertThat(new IngressSecrets(null, " ", false).unconfigured()).hasSize(2)
                .allSatisfy(line -> assertThat(line).contains("is not set: POST /webhook refuses"));
    }
}
