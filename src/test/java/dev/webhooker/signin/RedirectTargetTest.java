package dev.webhooker.signin;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class RedirectTargetTest {

    @ParameterizedTest
    @ValueSource(strings = {"/admin", "/admin/groups?tab=routes", "/admin/invite?token=abc", "/auth/github/install?installation_id=5"})
    void pathsOnThisServiceAreKeptVerbatim(String path) {
        assertThat(RedirectTarget.sanitize(path)).isEqualTo(path);
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"https://evil.example", "//evil.example/x", "/\\evil.example", "/a\\b", "admin", "javascript:alert(1)",
            "/ok\r\nSet-Cookie: x=1", "/with space", "/%zz"})
    void anythingElseBecomesTheConsole(String requested) {
        assertThat(RedirectTarget.sanitize(requested)).isEqualTo(RedirectTarget.DEFAULT);
    }
}
