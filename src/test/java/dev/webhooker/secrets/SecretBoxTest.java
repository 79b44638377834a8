package dev.webhooker.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SecretBoxTest {

    private static final String KEY = "k".repeat(16) + "0123456789abcdef";
    private static final String OLD_KEY = "an older key that was in use before the rotation";

    @Test
    void sealsAndOpensWithAFreshIvEachTime() {
        SecretBox box = new SecretBox(KEY, null);
        String first = box.seal("gho_secret");
        String second = box.seal("gho_secret");

        assertThat(first).startsWith("v1:").doesNotContain("gho_secret").isNotEqualTo(second);
        assertThat(box.open(first)).isEqualTo("gho_secret");
        assertThat(box.open(second)).isEqualTo("gho_secret");
    }

    @Test
    void afterARotationThePreviousKeyStillOpensWhatItSealed() {
        String sealedBefore = new SecretBox(OLD_KEY, null).seal("gho_old");

        SecretBox rotated = new SecretBox(KEY, OLD_KEY);
        assertThat(rotated.open(sealedBefore)).isEqualTo("gho_old");
        assertThat(new SecretBox(KEY, null).open(rotated.seal("gho_new"))).isEqualTo("gho_new");
    }

    @Test
    void aValueNoConfiguredKeyOpensIsRefused() {
        String sealed = new SecretBox(OLD_KEY, null).seal("gho_old");

        assertThatThrownBy(() -> new SecretBox(KEY, null).open(sealed))
                .isInstanceOf(SecretBox.SealedValueException.class)
                .hasMessageContaining("WEBHOOKER_SECRET_KEY_PREVIOUS");
    }

    @Test
    void tamperedOrForeignValuesAreRefused() {
        SecretBox box = new SecretBox(KEY, null);
        String sealed = box.seal("gho_secret");
        char last = sealed.charAt(sealed.length() - 2);
        String tampered = sealed.substring(0, sealed.length() - 2) + (last == 'A' ? 'B' : 'A') + sealed.charAt(sealed.length() - 1);

        assertThatThrownBy(() -> box.open(tampered)).isInstanceOf(SecretBox.SealedValueException.class);
        assertThatThrownBy(() -> box.open("gho_plain")).isInstanceOf(SecretBox.SealedValueException.class);
        assertThatThrownBy(() -> box.open("v1:***")).isInstanceOf(SecretBox.SealedValueException.class);
    }
}
