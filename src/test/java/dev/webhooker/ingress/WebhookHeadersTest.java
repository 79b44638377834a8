package dev.webhooker.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class WebhookHeadersTest {

    @Test
    void namesAreCaseInsensitiveAndARepeatedHeaderCountsAsItsFirstValue() {
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("X-GitHub-Event", "push");
        raw.put("Accept", List.of("application/json", "text/plain"));
        raw.put("Content-Length", 42L);
        WebhookHeaders headers = WebhookHeaders.of(raw);
        assertThat(headers.get("x-github-event")).isEqualTo("push");
        assertThat(headers.get("ACCEPT")).isEqualTo("application/json");
        assertThat(headers.get("content-length")).isEqualTo("42");
        assertThat(headers.has("X-Missing")).isFalse();
    }

    @Test
    void objectsThatAreNotHeaderValuesAreLeftOut() {
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("CamelHttpServletRequest", new Object());
        raw.put("X-GitHub-Event", "ping");
        WebhookHeaders headers = WebhookHeaders.of(raw);
        assertThat(headers.has("CamelHttpServletRequest")).isFalse();
        assertThat(headers.get("X-GitHub-Event")).isEqualTo("ping");
    }
}
