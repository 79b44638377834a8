package dev.webhooker.ingress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;

class ProviderDetectorTest {

    private final ProviderDetector detector = new ProviderDetector();

    @Test
    void giteaWinsOverTheGithubHeadersItAlsoSends() {
        var h = WebhookHeaders.of(Map.of("X-GitHub-Event", "push", "X-Gitea-Event", "push", "X-Hub-Signature-256", "sha256=x"));
        assertThat(detector.detect(h)).isEqualTo(Provider.GITEA);
    }

    @Test
    void githubAndCustomSchemes() {
        assertThat(detector.detect(WebhookHeaders.of(Map.of("x-github-event", "ping")))).isEqualTo(Provider.GITHUB);
        assertThat(detector.detect(WebhookHeaders.of(Map.of("X-WebHooker-Signature", "sha256=x")))).isEqualTo(Provider.CUSTOM);
        assertThat(detector.detect(WebhookHeaders.of(Map.of("Webhook-Signature", "v1,x")))).isEqualTo(Provider.CUSTOM);
    }

    @Test
    void gitlabOrNothingIsUnknown() {
        for (Map<String, String> h : java.util.List.of(Map.of("X-GitLab-Event", "Push Hook"), Map.<String, String>of(),
                Map.of("X-Hub-Signature-256", "sha256=x"))) {
            assertThatThrownBy(() -> detector.detect(WebhookHeaders.of(h)))
                    .isInstanceOfSatisfying(WebhookRejectedException.class,
                            e -> assertThat(e.rejection()).isEqualTo(Rejection.UNKNOWN_PROVIDER));
        }
    }
}
