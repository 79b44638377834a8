package dev.webhooker.chat.discord;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.webhooker.config.InvalidSettingException;

class InteractionSignatureTest {

    private final DiscordKeys keys = new DiscordKeys();
    private final InteractionSignature signature = InteractionSignature.of(keys.publicKeyHex());
    private final Instant now = Instant.parse("2026-12-01T12:00:00Z");
    private final String timestamp = Long.toString(now.getEpochSecond());
    private final byte[] body = "{\"type\":1}".getBytes(StandardCharsets.UTF_8);

    @Test
    void aRealSignatureOfTimestampAndBodyIsAccepted() {
        assertThat(signature.verify(keys.sign(timestamp, body), timestamp, body, now)).isTrue();
    }

    @Test
    void anyChangedByteFails() {
        String signed = keys.sign(timestamp, body);
        assertThat(signature.verify(signed, timestamp, "{\"type\":2}".getBytes(StandardCharsets.UTF_8), now)).isFalse();
        assertThat(signature.verify(signed, Long.toString(now.getEpochSecond() + 1), body, now)).isFalse();
        char flipped = signed.charAt(0) == '0' ? '1' : '0';
        assertThat(signature.verify(flipped + signed.substring(1), timestamp, body, now)).isFalse();
        assertThat(signature.verify(new DiscordKeys().sign(timestamp, body), timestamp, body, now)).as("another key").isFalse();
    }

    @Test
    void aTimestampBeyond180SecondsFails() {
        String old = Long.toString(now.getEpochSecond() - 181);
        String edge = Long.toString(now.getEpochSecond() - 180);
        String future = Long.toString(now.getEpochSecond() + 181);
        assertThat(signature.verify(keys.sign(old, body), old, body, now)).isFalse();
        assertThat(signature.verify(keys.sign(edge, body), edge, body, now)).isTrue();
        assertThat(signature.verify(keys.sign(future, body), future, body, now)).isFalse();
    }

    @Test
    void missingOrMalformedHeadersFail() {
        assertThat(signature.verify(null, timestamp, body, now)).isFalse();
        assertThat(signature.verify(keys.sign(timestamp, body), null, body, now)).isFalse();
        assertThat(signature.verify("zz", timestamp, body, now)).isFalse();
        assertThat(signature.verify(keys.sign(timestamp, body), "12abc", body, now)).isFalse();
    }

    @Test
    void withoutAKeyNothingPassesAndABadKeyStopsStartUp() {
        InteractionSignature none = InteractionSignature.of(" ");
        assertThat(none.configured()).isFalse();
        assertThat(none.verify(keys.sign(timestamp, body), timestamp, body, now)).isFalse();
        assertThatThrownBy(() -> InteractionSignature.of("abc")).isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("DISCORD_PUBLIC_KEY");
        assertThat(Optional.of(InteractionSignature.of(keys.publicKeyHex().toUpperCase())).map(InteractionSignature::configured)).contains(true);
    }
}
