package dev.webhooker.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.http.HttpStatus;

import dev.webhooker.configfile.ConfigFileMode;
import dev.webhooker.configfile.ConfigFileSettings;
import dev.webhooker.configfile.ConfigFileSync;

class ConfigWritesTest {

    private static ConfigWrites with(ConfigFileSync sync) {
        StaticListableBeanFactory beans = new StaticListableBeanFactory(sync == null ? Map.of() : Map.of("configFileSync", sync));
        return new ConfigWrites(beans.getBeanProvider(ConfigFileSync.class));
    }

    @Test
    void inSyncModeEveryConfigWriteIs409NamingTheFile() {
        ConfigFileSync sync = new ConfigFileSync(new ConfigFileSettings(Path.of("/etc/webhooker/groups.yaml"), "/etc/webhooker/groups.yaml",
                ConfigFileMode.SYNC), null, null);

        assertThatThrownBy(() -> with(sync).requireAllowed())
                .isInstanceOfSatisfying(AdminApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(HttpStatus.CONFLICT);
                    assertThat(e.detail()).contains("/etc/webhooker/groups.yaml");
                });
    }

    @Test
    void seedModeAndNoFileAllowWrites() {
        with(new ConfigFileSync(new ConfigFileSettings(Path.of("seed.yaml"), "seed.yaml", ConfigFileMode.SEED), null, null)).requireAllowed();
        with(null).requireAllowed();
    }
}
