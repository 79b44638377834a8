package dev.webhooker.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.webhooker.config.InvalidSettingException;
import dev.webhooker.config.WebhookerProperties;

class SecretKeysTest {

    @TempDir
    Path dataDir;

    private WebhookerProperties properties(String databaseUrl, String key, String previous) {
        return new WebhookerProperties(dataDir, "", new WebhookerProperties.Database(databaseUrl, "", ""), "", null, null, null, null,
                null, null, new WebhookerProperties.Secrets(key, previous), null, null);
    }

    @Test
    void theEmbeddedDefaultGeneratesAnOwnerOnlyKeyFileOnceAndKeepsUsingIt() throws Exception {
        SecretBox first = SecretKeys.box(properties("", "", ""));
        Path file = dataDir.resolve(SecretKeys.KEY_FILE);

        assertThat(file).exists();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(Files.readString(file).trim()).matches("[0-9a-f]{64}");
        String sealed = first.seal("gho_token");
        assertThat(SecretKeys.box(properties("", "", "")).open(sealed)).isEqualTo("gho_token");
    }

    @Test
    void aConfiguredKeyIsUsedAndNoFileIsWritten() {
        String key = "x".repeat(40);
        String sealed = SecretKeys.box(properties("", key, "")).seal("gho_token");

        assertThat(new SecretBox(key, null).open(sealed)).isEqualTo("gho_token");
        assertThat(dataDir.resolve(SecretKeys.KEY_FILE)).doesNotExist();
    }

    @Test
    void postgresqlWithoutAKeyStopsWithOneLineNamingTheSetting() {
        assertThatThrownBy(() -> SecretKeys.box(properties("jdbc:postgresql://db/webhooker", "", "")))
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> assertThat(e.setting()).isEqualTo("WEBHOOKER_SECRET_KEY"))
                .hasMessageContaining("required")
                .hasMessageNotContaining("\n");
    }
}
