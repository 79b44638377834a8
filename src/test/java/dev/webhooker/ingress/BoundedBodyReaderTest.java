package dev.webhooker.ingress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;

import org.junit.jupiter.api.Test;

class BoundedBodyReaderTest {

    private final BoundedBodyReader reader = new BoundedBodyReader(1024);

    /** An endless stream that counts what was taken from it. */
    static final class Endless extends InputStream {
        long served;

        @Override
        public int read() {
            served++;
            return 'x';
        }

        @Override
        public int read(byte[] b, int off, int len) {
            java.util.Arrays.fill(b, off, off + len, (byte) 'x');
            served += len;
            return len;
        }
    }

    @Test
    void aBodyOfExactlyTheLimitIsRead() {
        byte[] body = reader.read(new java.io.ByteArrayInputStream(new byte[1024]), -1);
        assertThat(body).hasSize(1024);
    }

    @Test
    void oneByteOverTheLimitIsRefusedWithoutReadingFurther() {
        Endless endless = new Endless();
        assertThatThrownBy(() -> reader.read(endless, -1))
                .isInstanceOfSatisfying(WebhookRejectedException.class, e -> assertThat(e.rejection()).isEqualTo(Rejection.TOO_LARGE));
        assertThat(endless.served).isEqualTo(1025);
    }

    @Test
    void aDeclaredLengthOverTheLimitIsRefusedBeforeReading() {
        Endless endless = new Endless();
        assertThatThrownBy(() -> reader.read(endless, 1025)).isInstanceOf(WebhookRejectedException.class);
        assertThat(endless.served).isZero();
    }

    @Test
    void bytesAreCountedNotCharacters() {
        // 400 three-byte characters: 400 chars, 1200 bytes
        byte[] utf8 = "€".repeat(400).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertThatThrownBy(() -> reader.read(new java.io.ByteArrayInputStream(utf8), -1)).isInstanceOf(WebhookRejectedException.class);
    }

    @Test
    void anUnderstatedLengthDoesNotLetMoreThrough() {
        assertThatThrownBy(() -> reader.read(new Endless(), 10)).isInstanceOf(WebhookRejectedException.class);
    }

    @Test
    void aDeclaredLengthIsReadIntoOneArrayOfThatSize() {
        byte[] sent = "{\"a\":1}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(reader.read(new java.io.ByteArrayInputStream(sent), sent.length)).isEqualTo(sent);
    }

    @Test
    void aBodyShorterThanDeclaredIsWhatArrived() {
        byte[] sent = "abc".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(reader.read(new java.io.ByteArrayInputStream(sent), 10)).isEqualTo(sent);
    }

    @Test
    void aBodyLongerThanDeclaredButWithinTheLimitIsReadWhole() {
        byte[] sent = "x".repeat(100).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(reader.read(new java.io.ByteArrayInputStream(sent), 10)).isEqualTo(sent);
    }
}
