package dev.webhooker.ingress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class DeliveryIdsTest {

    private static final byte[] BODY = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);

    @Test
    void keysAreScopedByProviderAndEndpoint() {
        assertThat(DeliveryIds.dedupKey(Provider.GITHUB, null, "d1")).isEqualTo("github:global:d1");
        assertThat(DeliveryIds.dedupKey(Provider.GITEA, "team-a", "d1")).isEqualTo("gitea:team-a:d1");
    }

    @Test
    void derivedIdsAreStableForTheSameBodyAndDifferOtherwise() {
        String id = DeliveryIds.derive(Provider.CUSTOM, "g", BODY);
        assertThat(id).startsWith("sha256-").hasSize(7 + 64);
        assertThat(DeliveryIds.derive(Provider.CUSTOM, "g", BODY.clone())).isEqualTo(id);
        assertThat(DeliveryIds.derive(Provider.CUSTOM, null, BODY)).isNotEqualTo(id);
        assertThat(DeliveryIds.derive(Provider.GITHUB, "g", BODY)).isNotEqualTo(id);
        assertThat(DeliveryIds.derive(Provider.CUSTOM, "g", "{\"a\":2}".getBytes(StandardCharsets.UTF_8))).isNotEqualTo(id);
    }

    @Test
    void blankIdsMeanNoneAndUnusableOnesAreRefused() {
        assertThat(DeliveryIds.checked("  ", "X")).isNull();
        assertThat(DeliveryIds.checked("72d3162e-cc78-11e3-81ab-4c9367dc0958", "X")).isEqualTo("72d3162e-cc78-11e3-81ab-4c9367dc0958");
        assertThatThrownBy(() -> DeliveryIds.checked("a b", "X-GitHub-Delivery")).hasMessageContaining("X-GitHub-Delivery");
        assertThatThrownBy(() -> DeliveryIds.checked("x".repeat(201), "X")).isInstanceOf(WebhookRejectedException.class);
    }
}
