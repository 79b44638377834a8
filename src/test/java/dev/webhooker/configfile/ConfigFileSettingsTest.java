package dev.webhooker.configfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.webhooker.config.InvalidSettingException;

class ConfigFileSettingsTest {

    @TempDir
    Path dir;

    @Test
    void unknownModeNamesItsSetting() {
        assertThatThrownBy(() -> ConfigFileSettings.resolve("", "mirror", dir))
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> assertThat(e.setting()).isEqualTo("WEBHOOKER_CONFIG_MODE"))
                .hasMessage("WEBHOOKER_CONFIG_MODE: unknown mode \"mirror\" (expected seed or sync)");
    }

    @Test
    void aMissingExplicitFileNamesItsSetting() {
        assertThatThrownBy(() -> ConfigFileSettings.resolve("conf/missing.yaml", "seed", dir))
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> assertThat(e.setting()).isEqualTo("WEBHOOKER_CONFIG"))
                .hasMessage("WEBHOOKER_CONFIG: file not found: conf/missing.yaml");
    }

    @Test
    void aDirectoryIsNotAConfigFile() throws Exception {
        Files.createDirectories(dir.resolve("conf"));
        assertThatThrownBy(() -> ConfigFileSettings.resolve("conf", "sync", dir))
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> assertThat(e.setting()).isEqualTo("WEBHOOKER_CONFIG"));
    }

    @Test
    void withoutASettingTheDefaultFileIsUsedWhenItExists() throws Exception {
        assertThat(ConfigFileSettings.resolve("", "", dir)).isEqualTo(new ConfigFileSettings(null, null, ConfigFileMode.SEED));

        Files.createDirectories(dir.resolve("config"));
        Files.writeString(dir.resolve("config/webhooker.yaml"), "groups: []\n");
        ConfigFileSettings settings = ConfigFileSettings.resolve(" ", "SYNC", dir);
        assertThat(settings.file()).isEqualTo(dir.resolve("config/webhooker.yaml"));
        assertThat(settings.displayName()).isEqualTo("config/webhooker.yaml");
        assertThat(settings.mode()).isEqualTo(ConfigFileMode.SYNC);
    }

    @Test
    void syncModeNeedsAFile() {
        assertThatThrownBy(() -> ConfigFileSettings.resolve("", "sync", dir))
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> assertThat(e.setting()).isEqualTo("WEBHOOKER_CONFIG"));
    }
}
