package dev.webhooker.platform.telegram;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

class RichHeaderLinksTest {

    private static final byte[] OLD = "the previous key".getBytes(StandardCharsets.UTF_8);
    private static final byte[] NEW = "the current key".getBytes(StandardCharsets.UTF_8);

    @Test
    void onlyTheSignedParametersVerify() {
        RichHeaderLinks links = new RichHeaderLinks(List.of(NEW));
        String sig = links.sign("octocat", "acme/w#7: Fix", "https://avatars.example/u/1");

        assertThat(links.verifies("octocat", "acme/w#7: Fix", "https://avatars.example/u/1", sig)).isTrue();
        assertThat(links.verifies("octocat", "acme/w#7: Fix", "https://evil.example/u/1", sig)).as("another image").isFalse();
        assertThat(links.verifies("octocat", "Something else", "https://avatars.example/u/1", sig)).isFalse();
        assertThat(links.verifies("octocatacme/w#7: Fix", "", "https://avatars.example/u/1", sig)).as("moved between fields").isFalse();
        assertThat(links.verifies("octocat", "acme/w#7: Fix", "https://avatars.example/u/1", null)).isFalse();
        assertThat(links.verifies("octocat", "acme/w#7: Fix", "https://avatars.example/u/1", sig.substring(1))).isFalse();
    }

    @Test
    void aLinkSignedBeforeARotationStillVerifiesAndNewLinksUseTheCurrentKey() {
        String before = new RichHeaderLinks(List.of(OLD)).sign("a", "b", "c");
        RichHeaderLinks rotated = new RichHeaderLinks(List.of(NEW, OLD));

        assertThat(rotated.verifies("a", "b", "c", before)).isTrue();
        assertThat(rotated.sign("a", "b", "c")).isNotEqualTo(before).isEqualTo(new RichHeaderLinks(List.of(NEW)).sign("a", "b", "c"));
        assertThat(new RichHeaderLinks(List.of(NEW)).verifies("a", "b", "c", before)).isFalse();
    }
}
