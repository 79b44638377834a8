package dev.webhooker.configfile;

import java.nio.file.Path;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.webhooker.format.TemplateCheck;
import dev.webhooker.routing.SecretSeal;
import dev.webhooker.routing.ConfigSnapshots;
import dev.webhooker.store.ConfigRepository;

/** The YAML config file: applied during start-up (a bad file stops it), then watched in sync mode. */
@Configuration(proxyBeanMethods = false)
class ConfigFileConfiguration {

    /**
     * Takes the snapshots bean so that its change listener is in place before the file is applied;
     * {@code configWritesAllowed()} is what the admin API asks before it writes config.
     */
    @Bean(destroyMethod = "close")
    ConfigFileSync configFileSync(ConfigFileProperties properties, ConfigRepository repository, ConfigSnapshots snapshots,
                                  SecretSeal seal, TemplateCheck templates) {
        ConfigFileSettings settings = ConfigFileSettings.resolve(properties.file(), properties.mode(), properties.defaultFile(),
                Path.of("").toAbsolutePath());
        ConfigFileSync sync = new ConfigFileSync(settings, repository, seal, templates);
        sync.start();
        // another instance may have applied the file (or any write) since the snapshot was first read, and then this one
        // wrote nothing and heard of nothing: without this it would serve the older configuration (no routes at all on a
        // fresh database) until its next refresh poll
        snapshots.refreshIfStale();
        sync.watchEvery(properties.watchInterval());
        return sync;
    }
}
