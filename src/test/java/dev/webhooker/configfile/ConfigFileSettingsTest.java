package dev.webhooker.configfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.webhooker.config.InvalidSettingException;

class ConfigFileSettingsTest {

    private static final String DEFAULT = ConfigFileSettings.DEFAULT_FILE;

    @TempDir
    Path dir;

    @Test
    void unknownModeNamesItsSetting() {
        assertThatThrownBy(() -> ConfigFileSettings.resolve("", "mirror", DEFAULT, dir))
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> assertThat(e.setting()).isEqualTo("WEBHOOKER_CONFIG_MODE"))
                .hasMessage("WEBHOOKER_CONFIG_MODE: \"mirror\" is not a mode (expected seed or sync)");
    }

    @Test
    void aMissingExplicitFileNamesItsSetting() {
        assertThatThrownBy(() -> ConfigFileSettings.resolve("conf/missing.yaml", "seed", DEFAULT, dir))
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> assertThat(e.setting()).isEqualTo("WEBHOOKER_CONFIG"))
                .hasMessage("WEBHOOKER_CONFIG: file not found: conf/missing.yaml");
    }

    @Test
    void aDirectoryIsNotAConfigFile() throws Exception {
        Files.createDirectories(dir.resolve("conf"));
        assertThatThrownBy(() -> ConfigFileSettings.resolve("conf", "sync", DEFAULT, dir))
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> assertThat(e.setting()).isEqualTo("WEBHOOKER_CONFIG"));
    }

    @Test
    void withoutASettingTheDefaultFileIsUsedWhenItExists() throws Exception {
        assertThat(ConfigFileSettings.resolve("", "", DEFAULT, dir)).isEqualTo(new ConfigFileSettings(null, null, ConfigFileMode.SEED));

        Files.createDirectories(dir.resolve("config"));
        Files.writeString(dir.resolve("config/webhooker.yaml"), "groups: []\n");
        ConfigFileSettings settings = ConfigFileSettings.resolve(" ", "seed", DEFAULT, dir);
        assertThat(settings.file()).isEqualTo(dir.resolve("config/webhooker.yaml"));
        assertThat(settings.displayName()).isEqualTo("config/webhooker.yaml");
        assertThat(settings.mode()).isEqualTo(ConfigFileMode.SEED);
    }

    @Test
    void withoutAModeAFileIsSynced() throws Exception {
        Path file = Files.writeString(dir.resolve("mine.yaml"), "groups: []\n");

        assertThat(ConfigFileSettings.resolve(file.toString(), "", DEFAULT, dir).mode()).isEqualTo(ConfigFileMode.SYNC);
        assertThat(ConfigFileSettings.resolve(file.toString(), "SEED", DEFAULT, dir).mode()).isEqualTo(ConfigFileMode.SEED);
    }

    @Test
    void aBlankDefaultFileIsNeverLookedFor() throws Exception {
        Files.createDirectories(dir.resolve("config"));
        Files.writeString(dir.resolve("config/webhooker.yaml"), "groups: []\n");

        assertThat(ConfigFileSettings.resolve("", "", "", dir).hasFile()).isFalse();
    }

    @Test
    void syncModeNeedsAFile() {
        assertThatThrownBy(() -> ConfigFileSettings.resolve("", "sync", DEFAULT, dir))
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> assertThat(e.setting()).isEqualTo("WEBHOOKER_CONFIG"));
    }
}
