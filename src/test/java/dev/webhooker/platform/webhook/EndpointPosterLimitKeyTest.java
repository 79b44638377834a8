package dev.webhooker.platform.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;

import org.junit.jupiter.api.Test;

/** A URL's rate-limit key may be stored in Redis or the database: it must not carry the URL, which is a credential. */
class EndpointPosterLimitKeyTest {

    @Test
    void theKeyNamesTheUrlByItsFingerprintNotByTheUrl() {
        URI slack = URI.create("https://hooks.slack.com/services/T000/B000/very-secret-token");
        String key = EndpointPoster.limitKey("slack", slack);

        assertThat(key).startsWith("slack:").doesNotContain("very-secret-token").doesNotContain("hooks.slack.com");
        assertThat(key).hasSize("slack:".length() + 16);
        assertThat(EndpointPoster.limitKey("slack", URI.create(slack.toString()))).isEqualTo(key);
        assertThat(EndpointPoster.limitKey("slack", URI.create("https://hooks.slack.com/services/T000/B000/another")))
                .isNotEqualTo(key);
    }

    @Test
    void aLongUrlMakesNoLongKey() {
        URI longUrl = URI.create("https://example.com/" + "a".repeat(1900));

        assertThat(EndpointPoster.limitKey("webhook", longUrl)).hasSize("webhook:".length() + 16);
    }
}
